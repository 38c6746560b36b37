//! Reading incoming mail (being written).
