//! A French player of a board game reads the whole game in French: the moves relayed (their
//! summaries, notes and board), the reply to its own move, the final report, `GET MAP` and
//! the answer after the end. Each game is played by mail between an English player and a
//! French one (`language: fr` in the players file), who read the same moves each in their
//! own words.

use crate::support;

use arbitre::dice::{Dice, Seed};
use std::path::{Path, PathBuf};
use support::table::*;
use support::*;

/// Two players: `players[0]` reads English, `players[1]` French.
fn create(tmp: &Tmp, variant: &str, players: &[Player; 2], options: &str, seed: &str) -> PathBuf {
    let [en, fr] = players;
    let text = format!(
        "game: table\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@table.example}}\nseed: {seed}\n\
         {options}players:\n\
         \x20 - {{name: {}, email: {}, role: {}, password: pw-{}}}\n\
         \x20 - {{name: {}, email: {}, role: {}, password: pw-{}, language: fr}}\n",
        en.name, en.email, en.role, en.role, fr.name, fr.email, fr.role, fr.role
    );
    let file = tmp.file("players.yaml", &text);
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);
    dir
}

/// The letter of move `n` relayed to `p`.
fn relayed(dir: &Path, p: &Player, n: usize) -> Sent {
    outbox(dir)
        .into_values()
        .find(|m| {
            m.to == [p.email]
                && (m.subject.contains(&format!("move {n}:")) || m.subject.contains(&format!("coup {n},")))
        })
        .unwrap_or_else(|| panic!("move {n} relayed to {}", p.role))
}

/// The letter to `p` whose name holds `part` (`final`, `-map-`).
fn letter(dir: &Path, p: &Player, part: &str) -> Sent {
    outbox(dir)
        .into_iter()
        .find(|(n, m)| n.contains(part) && m.to == [p.email])
        .map(|(_, m)| m)
        .unwrap_or_else(|| panic!("no `{part}` letter to {}", p.role))
}

fn has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "{p:?} not in:\n{text}");
    }
}

/// English words of the board games' summaries, notes, boards and endings: none may be
/// left in a French letter.
const ENGLISH: &[&str] = &[
    " places ",
    " moves ",
    "(level",
    "level 1",
    "Reserves",
    "Moves played",
    "To move",
    "Game over",
    " wins",
    " win ",
    "Drawn",
    "is to move",
    "cannonball",
    "afloat",
    "far row",
    "sinks",
    "sets its headings",
    "bonus turn",
    "Die for",
    "turn 1",
    "Score as recorded",
    "began (drawn",
    "Last moves",
    "No move yet",
    "prisoners",
    "Last lines",
    "Last roll",
    "rolls",
    "Order of play",
    "has eliminated",
    "command phase",
    "concedes",
    "resigns",
];

/// A side of Les Belligérants as its French text names it (« JAUNE et ROSE »).
fn side_fr(role: &str) -> &str {
    match role {
        "Yellow" => "Jaune",
        "Pink" => "Rose",
        other => other,
    }
}

/// No English word of a board game in `text`.
fn all_french(text: &str) {
    for word in ENGLISH {
        assert!(!text.contains(word), "English {word:?} in:\n{text}");
    }
}

#[test]
fn a_french_player_of_diam_reads_the_moves_the_board_and_the_end_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Red-Orange", "Brown-Black");
    let [ann, ben] = &players;
    let dir = create(&tmp, "diam", &players, "options: {move-limit: \"40\"}\n", SEED);
    let welcome = letter(&dir, ben, "welcome").text;
    has(
        &welcome,
        &[
            "DIAM à 2 joueurs : Rouge-Orange pose les pions rouges et oranges ; Marron-Noir pose les pions marrons et noirs. Rouge-Orange joue en premier.",
            "Sans DIAM, la partie est nulle après 40 coups.",
            "case       1  2  3  4  5  6  7  8\nniveau 4   .  .  .  .  .  .  .  .",
            // The notation explained in French; the words to write stay the game's.
            "Comment écrire un coup (un par ligne) :\nDIAM : un coup par ligne",
            "PLACE RED 3      poser un pion rouge de votre réserve sur la case 3",
        ],
    );
    assert!(!welcome.contains("one move per line"), "{welcome}");
    assert!(letter(&dir, ann, "welcome").text.contains("DIAM: one move per line"));
    let moves = DIAM_TO_A_WIN.map(|(seat, m)| ([ann, ben][seat], m));
    for (k, (p, m)) in moves.iter().enumerate() {
        let r = send(&dir, p, &format!("m{k}"), m);
        if p.role == ben.role {
            // The reply to the French player's own move says what it did, in French.
            has(&r, &[&format!("coup {} accepté : Marron-Noir pose un pion", k + 1)]);
            all_french(&r);
        }
    }
    // The same move, each in its reader's words: the English letter as before.
    let en = relayed(&dir, ann, 1);
    assert_eq!(
        en.subject, "table, DIAM: move 1: Red-Orange places red on cell 5 (level 1)",
        "{}",
        en.subject
    );
    has(
        &en.text,
        &[
            "level 1   .  .  .  .  R  .  .  .",
            "Reserves: Red-Orange 3 red, 4 orange; Brown-Black 4 brown, 4 black.",
            "Moves played: 1 (drawn at 40).",
        ],
    );
    let fr = relayed(&dir, ben, 1);
    assert!(
        fr.subject
            .ends_with("DIAM\u{a0}: coup 1, Rouge-Orange pose un pion rouge sur la case 5 (niveau 1)"),
        "{}",
        fr.subject
    );
    has(
        &fr.text,
        &[
            "coup 1, joué par Rouge-Orange : Rouge-Orange pose un pion rouge sur la case 5 (niveau 1)",
            "niveau 1   .  .  .  .  R  .  .  .",
            "R rouge, O orange, B marron, K noir. La case N fait face à la case N+4 ; la case 8 touche la case 1.",
            "Réserves : Rouge-Orange 3 rouges, 4 oranges ; Marron-Noir 4 marrons, 4 noirs.",
            "Coups joués : 1 (partie nulle à 40).",
            "À Marron-Noir de jouer.",
        ],
    );
    all_french(&fr.text);
    // The move that ends the game: the DIAM, the board and the end, in French.
    let last = relayed(&dir, ben, 9);
    has(
        &last.text,
        &[
            "Rouge-Orange déplace le pion rouge de 8/1 vers la droite sur la case 1 (niveau 3)",
            "DIAM ! rouge sur les cases 1 et 5 au niveau 3 : Rouge-Orange gagne",
            "Partie terminée : Rouge-Orange gagne avec un DIAM rouge au niveau 3 sur les cases 1 et 5.",
        ],
    );
    all_french(&last.text);
    assert!(relayed(&dir, ann, 9)
        .text
        .contains("DIAM! red on cells 1 and 5 at level 3: Red-Orange wins"));
    let final_fr = letter(&dir, ben, "final").text;
    has(
        &final_fr,
        &[
            "Rouge-Orange gagne avec un DIAM rouge au niveau 3 sur les cases 1 et 5",
            "Le plateau final :",
            "niveau 3",
        ],
    );
    all_french(&final_fr);
    assert!(letter(&dir, ann, "final")
        .text
        .contains("Red-Orange wins with a DIAM in red at level 3 on cells 1 and 5"));
    // GET MAP: the board in French; after the end, the end in French.
    send(&dir, ben, "map", "GET MAP");
    let map = letter(&dir, ben, "-map-").text;
    has(&map, &["Réserves :", "Partie terminée :"]);
    all_french(&map);
    let r = send(&dir, ben, "late", "PLACE BROWN 3");
    has(&r, &["Rouge-Orange gagne avec un DIAM rouge"]);
    all_french(&r);
    // state.yaml keeps the English words, as every file.
    let state = std::fs::read_to_string(dir.join("state.yaml")).unwrap();
    assert!(
        state.contains("Red-Orange wins with a DIAM in red at level 3 on cells 1 and 5"),
        "{state}"
    );
}

#[test]
fn a_french_player_of_diabolik_fleet_reads_the_turns_and_the_end_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("South", "North");
    let dir = create(
        &tmp,
        "diabolik-fleet",
        &players,
        "options: {arrivals: 2}\n",
        SOUTH_FIRST,
    );
    has(
        &letter(&dir, &players[1], "welcome").text,
        &[
            "Sud joue en premier (tiré au sort).",
            "Diabolik Fleet sur 8x8 : 4 boulets par tour (4 pour un tour bonus) ; 2 navires sur le bord adverse gagnent ; une flotte sous les 3 navires perd.",
        ],
    );
    let duel =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("turns/diabolik-fleet/duel.txt")).unwrap();
    let game: Vec<(usize, &str)> = duel
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (side, turn) = l.split_once(": ").unwrap();
            (usize::from(side == "North"), turn)
        })
        .collect();
    for (k, (side, turn)) in game.iter().enumerate() {
        send(&dir, &players[*side], &format!("t{k}"), turn);
    }
    let ben = &players[1];
    let deployed = relayed(&dir, ben, 1);
    has(
        &deployed.text,
        &[
            "Sud oriente ses navires : A2 N, B2 N",
            "Diabolik Fleet. À Nord de choisir l'orientation de ses navires (« deploy »).",
            "; puis l'orientation (N pointe vers la rangée 8) ; * = figé sur son bord adverse.",
            "Sud : 8 à flot (sous 3 elle perd), 0 à reconstruire ; a coulé 0, a perdu 0 ; sur la rangée 8 : 0 sur 2.",
        ],
    );
    all_french(&deployed.text);
    assert!(relayed(&dir, &players[0], 1)
        .text
        .contains("South sets its headings: A2 N, B2 N"));
    let turn = relayed(&dir, ben, 3);
    has(
        &turn.text,
        &[
            "Sud : D2-D3, D3-D4, E2-E3, E3-E4 (4 boulets)",
            "À Nord de jouer : son tour 1 (4 boulets).",
        ],
    );
    all_french(&turn.text);
    // A sinking: the note and the turn, in the words of the rules.
    let sinking = relayed(&dir, ben, 6);
    has(&sinking.text, &["coule E5", "est coulé par Nord (flancs de"]);
    all_french(&sinking.text);
    let final_fr = letter(&dir, ben, "final").text;
    has(
        &final_fr,
        &["Sud a 2 navires sur son bord adverse (rangée 8) et gagne."],
    );
    all_french(&final_fr);
    assert!(letter(&dir, &players[0], "final")
        .text
        .contains("South has 2 ships on its far row (row 8) and wins."));
}

#[test]
fn a_french_player_of_les_belligerants_reads_the_die_the_moves_and_the_score_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Yellow", "Pink");
    let dir = create(&tmp, "belligerants", &players, "", SEED);
    let mut dice = Dice::new(Seed::from_hex(SEED).unwrap());
    let first = dice.below(2) as usize;
    let die = dice.below(6);
    let (mover, other) = (&players[first], &players[1 - first]);
    let welcome_letter = letter(&dir, &players[1], "welcome");
    let welcome = welcome_letter.text.clone();
    // The sides are Jaune and Rose in every French letter: subject, sides, who moved.
    let english_side = |what: &str, text: &str| {
        assert!(
            !text.contains("Yellow") && !text.contains("Pink"),
            "an English side in the French {what}:\n{text}"
        )
    };
    english_side("welcome's subject", &welcome_letter.subject);
    assert!(
        welcome.contains(&format!("Vous jouez {}.", side_fr(players[1].role)))
            && welcome.contains(&format!("SIGNON {} table", side_fr(players[1].role))),
        "{welcome}"
    );
    has(
        &welcome,
        &[
            &format!("{} commence (tiré au sort).", side_fr(mover.role)),
            &format!("Dé de {}, tour 1 : ", side_fr(mover.role)),
        ],
    );
    let (points, said) = if die == 5 {
        ("3 ", "DIABLE, choisit 3".to_string())
    } else {
        ("", format!("dé {}", die + 1))
    };
    send(
        &dir,
        mover,
        "m1",
        &format!("CAPTURE Tank\r\nMOVE {points}tank c3 to c6"),
    );
    let ben = &players[1];
    let captured = relayed(&dir, ben, 1);
    has(
        &captured.text,
        &[&format!(
            "{} fait prisonnier un pion de {} : Tank (400 points)",
            side_fr(mover.role),
            side_fr(other.role)
        )],
    );
    let moved = relayed(&dir, ben, 2);
    has(
        &moved.text,
        &[
            &format!("{} joue ({said}) : tank c3 to c6", side_fr(mover.role)),
            "Score inscrit (les pions rentrés comptent double, plus les prisonniers) :",
            &format!(
                "{} : rentrés aucun (0 x2 = 0) ; prisonniers Tank (400) ; total 400",
                side_fr(mover.role)
            ),
            "Derniers coups :",
            "tour 1, ",
        ],
    );
    all_french(&moved.text);
    for sent in [&captured, &moved] {
        english_side("move's subject", &sent.subject);
    }
    assert!(relayed(&dir, &players[0], 2).text.contains("Score as recorded"));
    // GET MAP names the side to move as the board above it does.
    send(&dir, ben, "map", "GET MAP");
    let map = letter(&dir, ben, "-map-").text;
    let to_move = map
        .lines()
        .find(|l| l.ends_with(" de jouer."))
        .unwrap_or_else(|| panic!("no side to move in:\n{map}"));
    assert!(to_move == "À Jaune de jouer." || to_move == "À Rose de jouer.", "{map}");
    // The welcome's SIGNON line, with the side's French name, signs on.
    let raw = format!(
        "From: {} <{}>\r\nSubject: carte\r\nMessage-ID: <fr-signon@t.example>\r\n\r\n\
         SIGNON {} table pw-{}\r\nGET MAP\r\n",
        ben.name,
        ben.email,
        side_fr(ben.role),
        ben.role
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", NOW], Some(raw.as_bytes()));
    let maps = outbox(&dir)
        .into_iter()
        .filter(|(n, m)| n.contains("-map-") && m.to == [ben.email])
        .count();
    assert_eq!(maps, 2, "SIGNON {} was not taken for {}", side_fr(ben.role), ben.role);
    // Then the other resigns: the end in French.
    send(&dir, other, "r1", "RESIGN");
    let final_fr = letter(&dir, ben, "final").text;
    has(
        &final_fr,
        &[&format!(
            "{} abandonne : {} gagne",
            side_fr(other.role),
            side_fr(mover.role)
        )],
    );
    all_french(&final_fr);
}

#[test]
fn a_french_player_of_jomini_reads_the_lines_the_dice_and_the_end_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Blue", "Red");
    let [ann, ben] = &players;
    let dir = create(&tmp, "jomini", &players, "options: {victory: \"3\"}\n", SEED);
    has(
        &letter(&dir, ben, "welcome").text,
        &[
            "Bleu joue en premier : tour 1, phase de commandement de Bleu.",
            "Victoire : le premier camp à éliminer 3 unités adverses.",
        ],
    );
    send(
        &dir,
        ann,
        "a1",
        "COMMAND activate the guard\r\nNEXT\r\nCOMBAT guns fire on E7\r\nROLL 3",
    );
    let command = relayed(&dir, ben, 1);
    has(
        &command.text,
        &[
            "Bleu, commandement : activate the guard",
            "JOMINI, tour 1 : à Bleu de jouer, phase de commandement",
        ],
    );
    all_french(&command.text);
    let roll = relayed(&dir, ben, 4);
    has(
        &roll.text,
        &[
            "Bleu lance 3 dés de combat : ",
            "Dernier jet : Bleu lance 3 dés de combat",
            "Ordre de jeu : Bleu puis Rouge. Victoire : le premier à éliminer 3 unités adverses, ou une revendication acceptée, ou un abandon.",
            "Dernières lignes :",
        ],
    );
    all_french(&roll.text);
    assert!(relayed(&dir, ann, 4).text.contains("Blue rolls 3 combat dice: "));
    send(&dir, ann, "a2", "END TURN");
    has(
        &relayed(&dir, ben, 5).text,
        &["Bleu termine son tour", "Tour 1 : phase de commandement de Rouge."],
    );
    send(&dir, ben, "b1", "CONCEDE");
    let final_fr = letter(&dir, ben, "final").text;
    has(&final_fr, &["Rouge abandonne : Bleu gagne"]);
    all_french(&final_fr);
}

/// GET RULES in a board game sends the game's rules in the players' words and language:
/// no source path, no note for developers, no Markdown, and the game's commands named
/// (issue #24).
#[test]
fn get_rules_sends_each_board_games_rules_in_players_words_in_english_and_french() {
    let games: [(&str, [&'static str; 2], &[&str]); 4] = [
        (
            "diam",
            ["Red-Orange", "Brown-Black"],
            &["PLACE", "MOVE", "DIAM", "GET MAP"],
        ),
        (
            "diabolik-fleet",
            ["South", "North"],
            &["DEPLOY", "PASS", "STOP", "RESIGN", "B2-B3", "D2 N"],
        ),
        (
            "belligerants",
            ["Yellow", "Pink"],
            &[
                "MOVE",
                "CAPTURE",
                "HOME",
                "CANCEL",
                "END",
                "ARMISTICE",
                "TERMS",
                "RESIGN",
            ],
        ),
        (
            "jomini",
            ["Blue", "Red"],
            &[
                "COMMAND",
                "MOVE",
                "MANOEUVRE",
                "COMBAT",
                "ROLL",
                "DEFEND",
                "ELIMINATED",
                "NEXT",
                "END TURN",
                "VICTORY",
                "CONCEDE",
            ],
        ),
    ];
    for (variant, [first, second], commands) in games {
        let tmp = Tmp::new();
        let players = ann_and_ben(first, second);
        let dir = create(&tmp, variant, &players, "", SEED);
        let mut letters = Vec::new();
        for (k, p) in players.iter().enumerate() {
            send(&dir, p, &format!("r{k}"), "GET RULES");
            letters.push(letter(&dir, p, "rules").text);
        }
        let [en, fr] = [&letters[0], &letters[1]];
        assert_ne!(en, fr, "{variant}");
        has(en, &["The rules of", "By mail.", "Winning."]);
        has(fr, &["Les règles de", "Par courrier.", "La victoire."]);
        for text in [en, fr] {
            has(text, commands);
            for note in ["`", "src/", "tests/", "docs/", ".rs", "issue", "##", "**"] {
                assert!(!text.contains(note), "{variant}: {note:?} in:\n{text}");
            }
        }
        all_french(fr);
    }
}

/// Does `text` hold `word` as a whole word (`Red` in `Red-Orange`, not in `RED`)?
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).any(|w| w == word)
}

/// Every letter sent to the French player `fr` (subject and text) names no side in English:
/// `english` are the game's sides that a French player names otherwise.
fn no_english_side(dir: &Path, fr: &Player, english: &[&str]) {
    let letters: Vec<(String, Sent)> = outbox(dir).into_iter().filter(|(_, m)| m.to == [fr.email]).collect();
    assert!(letters.len() >= 5, "only {} letters to {}", letters.len(), fr.role);
    for (name, m) in letters {
        for side in english {
            assert!(
                !has_word(&m.subject, side) && !has_word(&m.text, side),
                "`{side}` in the French letter {name}:\n{}\n{}",
                m.subject,
                m.text
            );
        }
    }
}

/// A French player of DIAM, Diabolik Fleet or JOMINI reads the sides by their French names in
/// every letter (welcome, moves, refusals, STATUS, LIST, GET MAP, the end), and signs on by the
/// French name of his side (issue #24).
#[test]
fn the_sides_of_diam_diabolik_fleet_and_jomini_are_french_in_every_french_letter() {
    type Game<'a> = (&'a str, [&'a str; 2], &'a str, &'a [&'a str], &'a [(usize, &'a str)]);
    let games: [Game; 3] = [
        (
            "diam",
            ["Red-Orange", "Brown-Black"],
            "Marron-Noir",
            &["Red", "Brown", "Black"],
            &DIAM_TO_A_WIN,
        ),
        (
            "diabolik-fleet",
            ["South", "North"],
            "Nord",
            &["South", "North", "West", "East"],
            &[(0, "deploy N"), (1, "deploy N"), (0, "B2-B3")],
        ),
        (
            "jomini",
            ["Blue", "Red"],
            "Rouge",
            &["Blue", "Red"],
            &[(0, "COMMAND the guard"), (0, "END TURN"), (1, "ROLL 2"), (0, "CONCEDE")],
        ),
    ];
    for (variant, [first, second], french, english, moves) in games {
        let tmp = Tmp::new();
        let players = ann_and_ben(first, second);
        let seed = if variant == "diabolik-fleet" { SOUTH_FIRST } else { SEED };
        let dir = create(&tmp, variant, &players, "", seed);
        let ben = &players[1];
        // Out of turn, with the board and the side to move, before anything is played.
        send(&dir, ben, "early", "STATUS\r\nLIST\r\nGET MAP");
        for (k, (seat, m)) in moves.iter().enumerate() {
            send(&dir, &players[*seat], &format!("m{k}"), m);
        }
        // The SIGNON line of the welcome, with the side's French name, signs on.
        let welcome = letter(&dir, ben, "welcome").text;
        assert!(
            welcome.contains(&format!("SIGNON {french} table")),
            "{variant}: {welcome}"
        );
        let raw = format!(
            "From: Ben <{}>\r\nSubject: carte\r\nMessage-ID: <fr-{variant}@t.example>\r\n\r\n\
             SIGNON {french} table pw-{second}\r\nGET MAP\r\n",
            ben.email
        );
        ok(&["mail", dir.to_str().unwrap(), "--now", NOW], Some(raw.as_bytes()));
        let maps = outbox(&dir)
            .into_iter()
            .filter(|(n, m)| n.contains("-map-") && m.to == [ben.email])
            .count();
        assert_eq!(maps, 2, "{variant}: SIGNON {french} was not taken for {second}");
        no_english_side(&dir, ben, english);
    }
}

/// The PNG of a letter's picture, in base64 as the message carries it.
fn picture_of(m: &Sent) -> String {
    let text = String::from_utf8_lossy(&m.raw).to_string();
    let at = text.find("Content-Type: image/png").expect("a picture");
    let body = at + text[at..].find("\r\n\r\n").expect("the picture's body") + 4;
    let end = body + text[body..].find("\r\n--").expect("the end of the picture's part");
    text[body..end].to_string()
}

/// The picture sent with a move and with GET MAP is drawn in its reader's language: the
/// French player's is not the English player's, and GET MAP gives the French one again
/// (issue #24).
#[test]
fn a_french_player_of_diam_gets_the_board_s_picture_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Red-Orange", "Brown-Black");
    let [ann, ben] = &players;
    let dir = create(&tmp, "diam", &players, "", SEED);
    send(&dir, ann, "a1", "PLACE RED 5");
    let (en, fr) = (picture_of(&relayed(&dir, ann, 1)), picture_of(&relayed(&dir, ben, 1)));
    assert_ne!(en, fr, "the same picture for both languages");
    send(&dir, ben, "map", "GET MAP");
    assert_eq!(picture_of(&letter(&dir, ben, "-map-")), fr);
    send(&dir, ann, "map", "GET MAP");
    assert_eq!(picture_of(&letter(&dir, ann, "-map-")), en);
}

/// A French referee's STATUS by mail of a DIAM game that ended: how it ended in French, after
/// which move, and the players by their sides' French names (issue #24).
#[test]
fn a_french_referee_s_status_of_a_finished_board_game_is_french() {
    let tmp = Tmp::new();
    let text = format!(
        "game: table\nvariant: diam\nlanguage: fr\n\
         referee: {{name: Arbitre, email: arbitre@table.example, password: pw-referee}}\nseed: {SEED}\nplayers:\n\
         \x20 - {{name: Ann, email: ann@table.example, role: Red-Orange, password: pw-Red-Orange}}\n\
         \x20 - {{name: Ben, email: ben@table.example, role: Brown-Black, password: pw-Brown-Black}}\n"
    );
    let file = tmp.file("players.yaml", &text);
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);
    let players = ann_and_ben("Red-Orange", "Brown-Black");
    for (k, (seat, m)) in DIAM_TO_A_WIN.iter().enumerate() {
        send(&dir, &players[*seat], &format!("m{k}"), m);
    }
    let raw = "From: Arbitre <arbitre@table.example>\r\nSubject: bureau\r\nMessage-ID: <desk@t.example>\r\n\r\n\
               SIGNON Referee table pw-referee\r\nSTATUS\r\n";
    ok(&["mail", dir.to_str().unwrap(), "--now", NOW], Some(raw.as_bytes()));
    let reply = outbox(&dir)
        .into_iter()
        .find(|(n, _)| n.contains("-reply-referee"))
        .expect("a reply to the referee")
        .1
        .text;
    has(
        &reply,
        &[
            "Terminée après le coup 9 : Rouge-Orange gagne avec un DIAM rouge au niveau 3 sur les cases 1 et 5",
            "Rouge-Orange",
            "Marron-Noir",
        ],
    );
    for english in ["Red-Orange", "Brown-Black", " wins", "move 9"] {
        assert!(!reply.contains(english), "{english:?} in:\n{reply}");
    }
    // The published list of games says how it ended in the game's words too, not in
    // state.yaml's English.
    let out = tmp.path("www");
    ok(&["publish", dir.to_str().unwrap(), out.to_str().unwrap()], None);
    let list = std::fs::read_to_string(out.join("index.html")).unwrap();
    has(&list, &["Rouge-Orange gagne avec un DIAM rouge"]);
    assert!(!list.contains(" wins"), "{list}");
}
