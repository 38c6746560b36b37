//! Sending the outbox by SMTP (being written).
