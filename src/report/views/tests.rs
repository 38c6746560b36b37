//! The views against the built-in templates: a sample of every view renders every
//! template, and a field a view lacks is an error.

use super::*;
use crate::report::Templates;

/// One sample of every typed view, with every list non-empty and every flag set, so
/// that each branch of its template is taken.
pub(crate) fn samples() -> Vec<View> {
    let common = || Common {
        game: "demo".into(),
        title: "Diplomacy".into(),
        referee: "The Referee".into(),
        role: "France".into(),
        name: "Ann".into(),
        phase: "Spring 1901 Movement".into(),
        deadline: "2026-11-26 18:00 UTC".into(),
        commitment: "ab12".into(),
    };
    let lines = || vec!["one".to_string(), "two".to_string()];
    let mut views: Vec<View> = vec![
        Rejection {
            game: String::new(),
            name: "Ann".into(),
            subject: "orders".into(),
            referee: "The Referee".into(),
            reason: "line 1: no SIGNON".into(),
            reason_fr: "ligne 1\u{a0}: aucun SIGNON".into(),
        }
        .into(),
        Press {
            common: common(),
            from: "England".into(),
            to: "France, Italy".into(),
            public: false,
            grey: false,
            referee_copy: false,
            lines: lines(),
        }
        .into(),
        Press {
            common: common(),
            from: String::new(),
            to: "all".into(),
            public: true,
            grey: true,
            referee_copy: false,
            lines: lines(),
        }
        .into(),
        Press {
            common: common(),
            from: "England".into(),
            to: "France, Italy".into(),
            public: false,
            grey: true,
            referee_copy: true,
            lines: lines(),
        }
        .into(),
        Reminder {
            common: common(),
            missing: lines(),
        }
        .into(),
        BoardMove {
            common: common(),
            number: 3,
            by: "Red".into(),
            summary: "Red places on cell 3".into(),
            notes: lines(),
            board: "...".into(),
            to_move: "Blue".into(),
            over: "Red wins.".into(),
        }
        .into(),
        ForeignSignon {
            common: common(),
            attempts: lines(),
            more: 2,
            count: 4,
            failures: 5,
        }
        .into(),
        ReportLetter {
            common: common(),
            report: report(),
        }
        .into(),
        Divine {
            common: Common {
                role: "God".into(),
                ..common()
            },
            report: report(),
            mine: report().variant.divine,
            withdrawn: true,
            protected: ProtectedTold {
                god_protects: Some("France".into()),
                devil_protects: Some("Austria".into()),
            },
            divine_result: "God wins.".into(),
        }
        .into(),
        // The Devil's letter: no `god_protects` for its template to show.
        Divine {
            common: Common {
                role: "Devil".into(),
                ..common()
            },
            report: report(),
            mine: Vec::new(),
            withdrawn: false,
            protected: ProtectedTold {
                god_protects: None,
                devil_protects: Some("Austria".into()),
            },
            divine_result: String::new(),
        }
        .into(),
        Reply {
            common: common(),
            answered: answered(),
            on_file: vec![OnFile {
                order: "A PAR - BUR".into(),
                note: "void".into(),
            }],
            divine_on_file: Vec::new(),
            missing: lines(),
            vote: "draw".into(),
        }
        .into(),
        Reply {
            common: common(),
            answered: Answered::default(),
            ..Reply::default()
        }
        .into(),
        Reply {
            common: Common {
                role: "Devil".into(),
                ..common()
            },
            answered: answered(),
            on_file: Vec::new(),
            divine_on_file: lines(),
            missing: lines(),
            vote: String::new(),
        }
        .into(),
        BoardReply {
            common: common(),
            answered: answered(),
            boardgame: true,
            board: "...".into(),
            to_move: "Blue".into(),
            notation: Some("PLACE <cell>".into()),
        }
        .into(),
        OverReply {
            common: common(),
            answered: answered(),
            over: "Red wins.".into(),
        }
        .into(),
        Final {
            common: common(),
            ending: ending(),
            report: report(),
            revealed: Some(Revealed {
                god_protects: Some("France".into()),
                devil_protects: Some("Austria".into()),
            }),
        }
        .into(),
        Final {
            common: common(),
            ending: Ending {
                winners: Vec::new(),
                players: Vec::new(),
                anonymous: true,
                ..ending()
            },
            report: report(),
            revealed: None,
        }
        .into(),
        BoardFinal {
            common: common(),
            ending: ending(),
            boardgame: true,
            board: "...".into(),
        }
        .into(),
        Welcome {
            common: common(),
            divine: false,
            variant: WelcomePart::default(),
            units: "A PAR, A MAR, F BRE".into(),
            password: "made4you2keep".into(),
        }
        .into(),
        Welcome {
            common: Common {
                role: "God".into(),
                ..common()
            },
            divine: true,
            variant: WelcomePart {
                divine_players: true,
                protected: ProtectedTold {
                    god_protects: Some("France".into()),
                    devil_protects: Some("Austria".into()),
                },
            },
            units: String::new(),
            password: String::new(),
        }
        .into(),
        Welcome {
            common: Common {
                role: "Devil".into(),
                ..common()
            },
            divine: true,
            variant: WelcomePart {
                divine_players: true,
                protected: ProtectedTold {
                    god_protects: None,
                    devil_protects: Some("Austria".into()),
                },
            },
            units: String::new(),
            password: String::new(),
        }
        .into(),
        BoardWelcome {
            common: common(),
            boardgame: true,
            sides: "Red, Blue".into(),
            notation: "PLACE <cell>".into(),
            notes: lines(),
            house_rules: lines(),
            board: "...".into(),
            to_move: "Red".into(),
            password: String::new(),
        }
        .into(),
        BoardWelcome {
            boardgame: true,
            house_rules: Vec::new(),
            ..BoardWelcome::default()
        }
        .into(),
        BlessingNotice {
            common: common(),
            winter: "Winter 1903 Adjustment".into(),
            next_deadline: "2026-11-27 18:00 UTC".into(),
        }
        .into(),
        Page {
            game: "demo".into(),
            title: "Diplomacy".into(),
            report: report(),
            picture: "S1901M.svg".into(),
            previous: Some(PhaseLink {
                code: "W1900A".into(),
                name: "Winter 1900 Adjustment".into(),
            }),
            next: Some(PhaseLink {
                code: "F1901M".into(),
                name: "Fall 1901 Movement".into(),
            }),
            nav: true,
            press: vec![PublicPress {
                from: "France".into(),
                lines: lines(),
                grey: false,
            }],
        }
        .into(),
        Published {
            games: vec![
                PublishedGame {
                    game: "demo".into(),
                    title: "Diplomacy".into(),
                    phase: String::new(),
                    over: "France wins.".into(),
                    index: true,
                    zine: true,
                },
                PublishedGame {
                    game: "chess".into(),
                    title: "JOMINI".into(),
                    phase: "JOMINI".into(),
                    over: String::new(),
                    index: false,
                    zine: false,
                },
            ],
        }
        .into(),
        Index {
            game: "demo".into(),
            title: "Diplomacy".into(),
            phases: vec![PhaseLink {
                code: "S1901M".into(),
                name: "Spring 1901 Movement".into(),
            }],
            over: "France wins.".into(),
            map: "<svg></svg>".into(),
            years: vec!["1901".into()],
            centres: vec![CentreCounts {
                power: "France".into(),
                counts: vec![5],
            }],
        }
        .into(),
        Zine {
            game: "demo".into(),
            title: "Diplomacy".into(),
            phases: vec![ZinePhase {
                report: report(),
                map: "<svg></svg>".into(),
                press: vec![
                    PublicPress {
                        from: "France".into(),
                        lines: lines(),
                        grey: false,
                    },
                    PublicPress {
                        from: String::new(),
                        lines: lines(),
                        grey: true,
                    },
                ],
            }],
            map: "<svg></svg>".into(),
            years: vec!["1901".into()],
            centres: vec![CentreCounts {
                power: "France".into(),
                counts: vec![5],
            }],
            over: "France wins.".into(),
        }
        .into(),
        // The referee's desk.
        DeskWelcome {
            common: common(),
            divine: true,
            password: "abc".into(),
            position: vec![PositionRow {
                power: "France".into(),
                centres: lines(),
                units: lines(),
                dislodged: vec![
                    DislodgedUnit {
                        unit: "A PAR".into(),
                        retreats: lines(),
                    },
                    DislodgedUnit {
                        unit: "A MAR".into(),
                        retreats: Vec::new(),
                    },
                ],
            }],
            ..DeskWelcome::default()
        }
        .into(),
        DeskAccount {
            common: common(),
            password: "abc".into(),
            change: AccountChange::NewPassword,
        }
        .into(),
        DeskReply {
            done: lines(),
            errors: answered().errors,
            status: "Phase: Spring 1901".into(),
            preview: "France: A PAR - BUR".into(),
            ..DeskReply::default()
        }
        .into(),
        DeskDigest {
            kind: "deadline".into(),
            missing: vec![
                Waiting {
                    role: "Italy".into(),
                    late: true,
                },
                Waiting {
                    role: "God".into(),
                    late: false,
                },
            ],
            nmr: lines(),
            late: lines(),
            reminded: lines(),
            ask: vec![Missed {
                power: "Italy".into(),
                phases: 2,
            }],
            resignations: vec![Resigned {
                role: "France".into(),
                confirmed: "Tuesday".into(),
            }],
            signons: vec![Count {
                role: "Referee".into(),
                count: 3,
            }],
            failed: 2,
            disorder: lines(),
            signups: lines(),
            ..DeskDigest::default()
        }
        .into(),
        DeskDigest {
            kind: "reminders".into(),
            reminded: lines(),
            ..DeskDigest::default()
        }
        .into(),
    ];
    views.extend(player_samples(common));
    views.extend(desk_samples(common));
    views
}

/// The desk's notices and account letters: every kind.
fn desk_samples(common: impl Fn() -> Common) -> Vec<View> {
    let phase = || "Spring 1901 Movement".to_string();
    let is = || "Tuesday".to_string();
    let notices = [
        Notice::DeadlineMoved {
            phase: phase(),
            was: "Monday".into(),
            is: is(),
        },
        Notice::DeadlineExtended {
            phase: phase(),
            is: is(),
        },
        Notice::Paused { why: "holidays".into() },
        Notice::Resumed {
            phase: phase(),
            is: is(),
        },
        Notice::RolledBack {
            phase: phase(),
            due: is(),
            withdrawn: true,
        },
        Notice::RolledBack {
            phase: phase(),
            due: is(),
            withdrawn: false,
        },
        Notice::RollbackUndone {
            phase: phase(),
            now: phase(),
            due: is(),
        },
        Notice::RollbackUndone {
            phase: phase(),
            now: String::new(),
            due: String::new(),
        },
        Notice::Replaced,
        Notice::Leaving { role: "France".into() },
        Notice::Disorder {
            power: "France".into(),
            phase: phase(),
        },
    ];
    let mut views: Vec<View> = notices
        .into_iter()
        .map(|notice| {
            DeskNotice {
                notice,
                ..DeskNotice::default()
            }
            .into()
        })
        .collect();
    for change in [
        AccountChange::AddressWas {
            address: "a@b.org".into(),
        },
        AccountChange::AddressIs {
            address: "a@b.org".into(),
        },
    ] {
        views.push(
            DeskAccount {
                common: common(),
                password: String::new(),
                change,
            }
            .into(),
        );
    }
    views
}

/// The players' questions and settings: every audience and case.
fn player_samples(common: impl Fn() -> Common) -> Vec<View> {
    let lines = || vec!["one".to_string(), "two".to_string()];
    let mut views: Vec<View> = Vec::new();
    for (audience, press) in [
        ("power", "white"),
        ("power", "grey"),
        ("power", "none"),
        ("god", "white"),
        ("devil", "white"),
        ("side", "grey"),
        ("side", "none"),
    ] {
        views.push(
            Help {
                common: common(),
                audience: audience.into(),
                divine_players: true,
                boardgame: audience == "side",
                notation: "PLACE <cell>".into(),
                others: "England, Germany".into(),
                house_rules: if audience == "side" { lines() } else { Vec::new() },
                observers: true,
                press: press.into(),
                password_min: 6,
            }
            .into(),
        );
    }
    for (boardgame, over) in [(false, ""), (true, ""), (false, "France wins.")] {
        views.push(
            List {
                common: common(),
                deadline_local: "Tuesday 1 December 2026, 20:00 CET".into(),
                deadline_utc: "Tuesday 1 December 2026, 19:00 UTC".into(),
                timezone: "Europe/Paris".into(),
                roles: ["complete", "some", "none"]
                    .iter()
                    .map(|s| ListRow {
                        role: "France".into(),
                        on_file: s.to_string(),
                    })
                    .collect(),
                boardgame,
                to_move: "Red".into(),
                moves: 3,
                over: over.into(),
                wait: !boardgame,
            }
            .into(),
        );
    }
    for (asked, letters, boardgame) in [("all", true, false), ("S1901M", false, false), ("last", false, true)] {
        views.push(
            History {
                common: common(),
                asked: asked.into(),
                asked_words: if asked == "S1901M" {
                    "Spring 1901 Movement".into()
                } else {
                    String::new()
                },
                letters: if letters {
                    vec![PastLetter {
                        phase: "S1901M".into(),
                        subject: "results".into(),
                        text: "...".into(),
                    }]
                } else {
                    Vec::new()
                },
                moves: lines(),
                boardgame,
            }
            .into(),
        );
    }
    for kind in ["diplomacy", "divine", "board"] {
        views.push(
            Rules {
                common: common(),
                kind: kind.into(),
                house_rules: lines(),
                rules: "DIAM\nPLACE RED 3".into(),
            }
            .into(),
        );
    }
    views.push(
        MapLetter {
            common: common(),
            position: "France: A PAR".into(),
        }
        .into(),
    );
    for resignation in ["asked", "confirmed"] {
        views.push(
            WhoAmI {
                common: common(),
                email: "ann@example.org".into(),
                language: "fr".into(),
                timezone: "Europe/Paris".into(),
                pending_address: "new@example.org".into(),
                resignation: resignation.into(),
                wait: resignation == "asked",
            }
            .into(),
        );
    }
    for what in [
        "password",
        "timezone",
        "language",
        "wait",
        "nowait",
        "address-code",
        "address-asked",
        "address-done",
        "resign-asked",
        "resign-sent",
        "observe-code",
        "observing",
        "already-observing",
        "unobserved",
        "not-observing",
    ] {
        views.push(
            Setting {
                common: common(),
                what: what.into(),
                value: "x".into(),
                code: "ABCD1234".into(),
            }
            .into(),
        );
    }
    for what in [
        "accepted",
        "full",
        "closed",
        "bad-password",
        "weak-password",
        "address-taken",
        "not-a-role",
        "listed",
        "waiting",
        "open-games",
    ] {
        for (left, games, password) in [(0, Vec::new(), ""), (3, vec![OpenGame::default()], "made4you2keep")] {
            views.push(
                Join {
                    common: common(),
                    what: what.into(),
                    until: "Monday 30 November 2026, 20:00 CET (19:00 UTC)".into(),
                    left,
                    places: 9,
                    preferences: "France, Italy, *".into(),
                    why: "too short".into(),
                    roles: "England, France".into(),
                    private: left > 0,
                    password: password.into(),
                    games,
                }
                .into(),
            );
        }
    }
    views.push(
        Resignation {
            common: common(),
            email: "ann@example.org".into(),
            asked: "today".into(),
            confirmed: "today".into(),
        }
        .into(),
    );
    views
}

/// The end of a game.
fn ending() -> Ending {
    Ending {
        summary: "France wins.".into(),
        winners: vec!["France".into()],
        seed: "00ff".into(),
        players: vec![PlayerRow {
            role: "France".into(),
            name: "Ann".into(),
        }],
        anonymous: false,
    }
}

/// A reply's account of a message, with a line of every kind, as the game words it.
fn answered() -> Answered {
    let e = || LineWords {
        line: 4,
        text: "A PAR - XYZ".into(),
        message: "`A PAR - XYZ` is not an order".into(),
    };
    Answered {
        done: vec![(Some(3), "line 3: A PAR - BUR: on file".into())],
        errors: vec![e()],
        more_errors: 1,
        not_understood: vec![e()],
        unread: "the lines after line 600 were not read".into(),
    }
}

/// A public report with a row of every kind.
fn report() -> Report {
    Report {
        game: "demo".into(),
        title: "Diable et Bon Dieu".into(),
        phase: "Spring 1901 Movement".into(),
        code: "S1901M".into(),
        powers: vec![PowerRow {
            power: "France".into(),
            results: vec![ResultRow {
                order: "A PAR - BUR".into(),
                result: "fails".into(),
                reason: "bounced".into(),
            }],
            missed: true,
            late: true,
            units: "A BUR".into(),
            centers: 3,
            owned: vec![
                CentreRow {
                    name: "BEL".into(),
                    gained: true,
                },
                CentreRow {
                    name: "PAR".into(),
                    gained: false,
                },
            ],
            lost: vec!["MUN".into()],
            unit_count: 3,
            adjustment: "builds 1".into(),
            due: 1,
            eliminated: true,
        }],
        variant: ReportPart {
            divine_players: true,
            divine: vec![DivineRow {
                what: "curse".into(),
                target: "A BUR".into(),
                effect: "dislodged".into(),
                reason: "protected".into(),
            }],
        },
        dislodged: vec![DislodgedRow {
            unit: "A BUR".into(),
            power: "Germany".into(),
            attacker_from: "PAR".into(),
            retreats: "RUH".into(),
        }],
        waived: vec![
            WaivedRow {
                power: "France".into(),
                builds: 1,
            },
            WaivedRow {
                power: "Germany".into(),
                builds: 2,
            },
        ],
        eliminated: vec!["Italy".into()],
        next_phase: "Fall 1901 Movement".into(),
        next_deadline: "2026-11-27 18:00 UTC".into(),
        next_deadline_at: "2026-11-27T18:00:00+00:00".into(),
        over: "France wins.".into(),
    }
}

/// Every built-in template has a sample view above, so the test below renders them all.
#[test]
fn every_built_in_template_has_a_sample() {
    let names: Vec<String> = samples()
        .iter()
        .flat_map(|v| ["txt", "html", "fr.txt", "fr.html"].map(|ext| format!("{}.{ext}", v.template())))
        .collect();
    for (name, _) in crate::report::BUILT_IN {
        // report.html is rendered through page.html's include as well as by itself;
        // `NAME.fr.txt` is rendered from the sample of `NAME.txt`.
        // `NAME-style.html` is rendered through the include of `NAME.html`.
        let name = name.replace(".fr.", ".").replace("-style.", ".");
        // `rules-*.txt`, the players' rules, are rendered through the includes of rules.txt.
        let name = if name.starts_with("rules-") {
            "rules.txt".to_string()
        } else {
            name
        };
        assert!(names.contains(&name), "no sample view renders {name}");
    }
}

/// Every built-in template renders from its sample view: a template that uses a
/// variable its view does not have fails here, not in a game.
#[test]
fn each_template_renders_from_its_view() {
    let t = Templates::load(None).unwrap();
    for view in samples() {
        let c = view.context().unwrap();
        for ext in ["txt", "html", "fr.txt", "fr.html"] {
            let name = format!("{}.{ext}", view.template());
            if t.has(&name) {
                let text = t.render(&name, &c).unwrap_or_else(|e| panic!("{e}"));
                assert!(!text.trim().is_empty(), "{name}");
            }
        }
        // Every letter has its French: only the refusal to anyone, which is written in
        // both languages at once, has none.
        let french = |ext: &str| t.has(&format!("{}.fr.{ext}", view.template()));
        assert!(
            french("txt") || french("html") || view.template() == "rejection",
            "no French for {}",
            view.template()
        );
    }
}

/// A power not told is not in the template's variables at all: the Devil's letter has
/// no `god_protects`, even empty.
#[test]
fn a_protected_power_not_told_is_absent() {
    let devil = samples()
        .into_iter()
        .find(|v| matches!(v, View::Divine(d) if d.common.role == "Devil"))
        .unwrap();
    let c = devil.context().unwrap();
    assert!(!c.contains_key("god_protects") && c.contains_key("devil_protects"));
}

/// The check above can fail: tera refuses a variable the context does not have.
#[test]
fn a_field_the_view_lacks_is_an_error() {
    let t = Templates::load(None).unwrap();
    let mut c = View::from(Rejection::default()).context().unwrap();
    c.remove("reason");
    let e = t.render("rejection.txt", &c).unwrap_err();
    assert!(
        matches!(&e, crate::report::TemplateError::Render { template, .. } if template == "rejection.txt"),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(text.starts_with("cannot render rejection.txt: "), "{text}");
    assert!(text.contains("reason"), "{text}");
    assert!(text.ends_with("(a template may use only the fields of its view, listed in src/report/views/)"));
}

/// A phase's page shows the phase's public press, escaped, in English and French; the
/// report letter made from the same template has no press of its own.
#[test]
fn a_page_shows_its_public_press() {
    let t = Templates::load(None).unwrap();
    let page = samples().into_iter().find(|v| matches!(v, View::Page(_))).unwrap();
    let View::Page(mut page) = page else { unreachable!() };
    page.press = vec![
        PublicPress {
            from: "France".into(),
            lines: vec!["Bourgogne & nous <3".into(), "second".into()],
            grey: false,
        },
        PublicPress {
            from: String::new(),
            lines: vec!["from nobody".into()],
            grey: true,
        },
    ];
    let c = View::from((*page).clone()).context().unwrap();
    let en = t.render("page.html", &c).unwrap();
    assert!(en.contains("<h2>Press</h2>") && en.contains("From France"), "{en}");
    assert!(en.contains("Bourgogne &amp; nous &lt;3<br>second"), "{en}");
    // Grey press is shown without its sender, as the zine shows it.
    assert!(en.contains(">Grey press</p>") && !en.contains("From </p>"), "{en}");
    let fr = t.render("page.fr.html", &c).unwrap();
    assert!(
        fr.contains("<h2>Presse</h2>") && fr.contains("Presse de la France"),
        "{fr}"
    );
    assert!(fr.contains(">Presse grise</p>"), "{fr}");
    page.press.clear();
    let none = t.render("page.html", &View::from(*page).context().unwrap()).unwrap();
    assert!(!none.contains("<h2>Press</h2>"), "{none}");
    let letter = View::from(ReportLetter {
        common: Common::default(),
        report: report(),
    });
    let letter = t.render("report.html", &letter.context().unwrap()).unwrap();
    assert!(!letter.contains("<h2>Press</h2>"), "{letter}");
}

/// The reply and the refusal written in Rust (`report/in_rust.rs`) are, byte for byte, what
/// tera renders of the built-in templates: for every sample of those views, and for each
/// with its lists emptied, its texts emptied and its vote each of the kinds the template
/// tells apart. (A debug build also checks every such letter a test writes.)
#[test]
fn the_reply_and_the_refusal_in_rust_are_the_templates() {
    let t = Templates::load(None).unwrap();
    let mut views = Vec::new();
    for view in samples() {
        views.push(view.clone());
        match view {
            View::Rejection(r) => {
                views.push(View::from(Rejection {
                    name: String::new(),
                    subject: String::new(),
                    ..(*r).clone()
                }));
            }
            View::Reply(r) => {
                for vote in ["", "continue", "draw", "cancel"] {
                    views.push(View::from(Reply {
                        vote: vote.into(),
                        answered: Answered {
                            more_errors: 0,
                            ..r.answered.clone()
                        },
                        ..(*r).clone()
                    }));
                }
                views.push(View::from(Reply {
                    on_file: Vec::new(),
                    missing: Vec::new(),
                    divine_on_file: Vec::new(),
                    answered: Answered::default(),
                    common: Common {
                        role: "God".into(),
                        ..r.common.clone()
                    },
                    ..(*r).clone()
                }));
                views.push(View::from(Reply {
                    on_file: vec![OnFile {
                        order: "F BRE H".into(),
                        note: String::new(),
                    }],
                    missing: Vec::new(),
                    ..(*r).clone()
                }));
            }
            View::BoardReply(r) => {
                for notation in [None, Some(String::new())] {
                    views.push(View::from(BoardReply {
                        notation,
                        to_move: String::new(),
                        answered: Answered::default(),
                        ..(*r).clone()
                    }));
                }
            }
            View::OverReply(r) => views.push(View::from(OverReply {
                answered: Answered::default(),
                ..(*r).clone()
            })),
            _ => {}
        }
    }
    let mut checked = 0;
    for view in &views {
        let name = format!("{}.txt", view.template());
        if let Some(text) = crate::report::in_rust::render(&name, view) {
            let tera = t.render(&name, &view.context().unwrap()).unwrap();
            assert_eq!(text, tera, "{view:?}");
            checked += 1;
        }
    }
    // Every sample of the four views above, and each of its variants.
    assert_eq!(checked, views.len() - samples().len() + 6, "views written in Rust");
}

/// A game's name after `de` is elided before a vowel in French letters (« les règles
/// d'essai », « de vopaliec »), by the `de` filter.
#[test]
fn a_games_name_after_de_is_elided_before_a_vowel() {
    let t = Templates::load(None).unwrap();
    let rules = samples().into_iter().find(|v| matches!(v, View::Rules(_))).unwrap();
    let View::Rules(mut rules) = rules else { unreachable!() };
    for (game, said) in [
        ("essai", "Les règles d'essai ("),
        ("vopaliec", "Les règles de vopaliec ("),
    ] {
        rules.common.game = game.into();
        let fr = t
            .render("rules.fr.txt", &View::from((*rules).clone()).context().unwrap())
            .unwrap();
        assert!(fr.contains(said), "{fr}");
    }
}

/// A phase's record (`pages/CODE.yaml`) written before the builds waived were kept reads
/// with none.
#[test]
fn a_report_recorded_before_the_builds_waived_were_kept_reads_with_none() {
    let mut yaml = serde_yaml::to_value(report()).unwrap();
    let removed = yaml.as_mapping_mut().unwrap().remove("waived");
    assert!(removed.is_some(), "{yaml:?}");
    let back: Report = serde_yaml::from_value(yaml).unwrap();
    assert!(back.waived.is_empty());
    assert_eq!(back.powers.len(), report().powers.len());
}
