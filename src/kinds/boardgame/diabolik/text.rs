//! The board as text: the status line, the drawing, its legend and one line per fleet, in
//! the reader's language.

use super::notation::{file_letter, Sq};
use super::told::{and_list, plural};
use super::{owned, side_fr, side_in, Diabolik, Lang, Phase, SHIPS};
use crate::lang::Worded;

impl Diabolik {
    pub(super) fn lent_to(&self, side: usize) -> Vec<&'static str> {
        (0..self.fleets.len())
            .filter(|&s| self.fleets[side].lends[s])
            .map(|s| self.fleets[s].name)
            .collect()
    }

    fn status(&self, lang: Lang) -> String {
        match (&self.phase, lang) {
            (Phase::Deploy(s), Lang::En) => format!("{} to choose its headings (\"deploy\").", self.fleets[*s].name),
            (Phase::Deploy(s), Lang::Fr) => {
                format!(
                    "À {} de choisir l'orientation de ses navires (« deploy »).",
                    side_fr(self.fleets[*s].name)
                )
            }
            (Phase::Turn { side, bonus: false }, Lang::En) => format!(
                "{} to move: its turn {} ({} cannonballs).",
                self.fleets[*side].name,
                self.fleets[*side].normal_turns + 1,
                self.rules.cannonballs
            ),
            (Phase::Turn { side, bonus: false }, Lang::Fr) => format!(
                "À {} de jouer : son tour {} ({} boulets).",
                side_fr(self.fleets[*side].name),
                self.fleets[*side].normal_turns + 1,
                self.rules.cannonballs
            ),
            (Phase::Turn { side, bonus: true }, Lang::En) => format!(
                "{} to play its bonus turn ({} cannonballs) or \"pass\".",
                self.fleets[*side].name, self.rules.bonus_cannonballs
            ),
            (Phase::Turn { side, bonus: true }, Lang::Fr) => format!(
                "À {} de jouer son tour bonus ({} boulets) ou « pass ».",
                side_fr(self.fleets[*side].name),
                self.rules.bonus_cannonballs
            ),
            (Phase::Over(finish), Lang::En) => format!("Game over. {}", finish.summary),
            (Phase::Over(finish), Lang::Fr) => format!("Partie terminée. {}", finish.summary.words(Lang::Fr)),
        }
    }

    /// A fleet's letter on the board in `lang`: its name's first letter, in lower case
    /// (`o` for Ouest in French).
    pub(super) fn letter(&self, side: usize, lang: Lang) -> char {
        (side_in(self.fleets[side].name, lang).chars().next())
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    fn grid(&self, lang: Lang) -> Vec<String> {
        let letters: String = (0..self.size).map(|x| format!("{:<5}", file_letter(x))).collect();
        let header = format!("    {}", letters.trim_end());
        let mut lines = vec![header.clone()];
        for y in (0..self.size).rev() {
            let mut line = format!("{:>3} ", y + 1);
            for x in 0..self.size {
                let sq = Sq::new(x, y);
                let cell = match self.at(sq) {
                    None => ".".to_string(),
                    Some(s) => {
                        let letter = self.letter(s.side, lang);
                        let frozen = if self.frozen(s.side, sq) { "*" } else { "" };
                        format!("{letter}{}{frozen}", s.facing)
                    }
                };
                line.push_str(&format!("{cell:<5}"));
            }
            line.push_str(&format!("{}", y + 1));
            lines.push(line);
        }
        lines.push(header);
        lines
    }

    /// The board in `lang`: the status, the drawing, its legend, a line per fleet, how the
    /// game is won and when it stops. The lines are the same in both languages; only their
    /// words differ.
    pub(super) fn board_text(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        let mut out = vec![format!("Diabolik Fleet. {}", self.status(lang)), String::new()];
        out.extend(self.grid(lang));
        out.push(String::new());
        let letters: Vec<String> = self
            .fleets
            .iter()
            .enumerate()
            .map(|(side, f)| format!("{} = {}", self.letter(side, lang), side_in(f.name, lang)))
            .collect();
        out.push(if fr {
            format!(
                "{} ; puis l'orientation (N pointe vers la rangée {}) ; * = figé sur son bord adverse.",
                letters.join(", "),
                self.size
            )
        } else {
            format!(
                "{}; then the heading (N points to row {}); * = frozen on its far row.",
                letters.join(", "),
                self.size
            )
        });
        for (side, f) in self.fleets.iter().enumerate() {
            if f.out {
                out.push(if fr {
                    format!("{} : hors jeu ; a coulé {}.", side_fr(f.name), f.sank)
                } else {
                    format!("{}: out of the game; sank {}.", f.name, f.sank)
                });
                continue;
            }
            let afloat = self.afloat(side);
            let (min_fleet, arrivals) = (self.rules.min_fleet, self.rules.arrivals);
            let (rebuild, arrived) = (SHIPS - afloat, self.arrived(side));
            let mut line = match (fr, self.two_players()) {
                (false, two) => format!(
                    "{}: {afloat} afloat (below {min_fleet} {}), {rebuild} to rebuild; sank {}, lost {}; on {}: \
                     {arrived} of {arrivals}.",
                    f.name,
                    if two { "loses" } else { "is out" },
                    f.sank,
                    f.lost,
                    self.far_row(side),
                ),
                (true, two) => format!(
                    "{} : {afloat} à flot (sous {min_fleet} elle {}), {rebuild} à reconstruire ; a coulé {}, a perdu {} ; \
                     sur la {} : {arrived} sur {arrivals}.",
                    side_fr(f.name),
                    if two { "perd" } else { "est éliminée" },
                    f.sank,
                    f.lost,
                    self.far_row(side).fr(),
                ),
            };
            if f.stop {
                line.push_str(if fr { " Demande l'arrêt." } else { " Asks to stop." });
            }
            if self.rules.joint_sinking {
                let to = owned(&self.lent_to(side));
                if !to.is_empty() {
                    line.push_str(&if fr {
                        let to: Vec<String> = to.iter().map(|f| side_fr(f).to_string()).collect();
                        format!(" Prête ses navires à {}.", and_list(&to, "et"))
                    } else {
                        format!(" Lends its ships to {}.", and_list(&to, "and"))
                    });
                }
            }
            out.push(line);
        }
        let (arrivals, min_fleet) = (self.rules.arrivals, self.rules.min_fleet);
        out.push(match (fr, self.two_players()) {
            (false, true) => format!(
                "Wins: {arrivals} ships on the far row; or the enemy below {min_fleet} ships; \
                 or the enemy blocked (no ship can move in its first two acts)."
            ),
            (false, false) => format!(
                "Wins: {arrivals} ships on the far row, or the last fleet left; a fleet below {min_fleet} ships \
                 or blocked (no ship can move in its first two acts) is eliminated."
            ),
            (true, true) => format!(
                "Victoire : {arrivals} navires sur le bord adverse ; ou l'ennemi sous {min_fleet} navires ; \
                 ou l'ennemi bloqué (aucun navire ne peut se déplacer à ses deux premiers actes)."
            ),
            (true, false) => format!(
                "Victoire : {arrivals} navires sur le bord adverse, ou la dernière flotte restante ; une flotte \
                 sous {min_fleet} navires ou bloquée (aucun navire ne peut se déplacer à ses deux premiers actes) \
                 est éliminée."
            ),
        });
        if let Some(limit) = self.rules.turns {
            out.push(if fr {
                format!(
                    "La partie s'arrête après {} chacun (critères de départage).",
                    plural(limit as usize, "tour normal", "tours normaux")
                )
            } else {
                format!(
                    "The game stops after {} each (tie-breaks).",
                    plural(limit as usize, "normal turn", "normal turns")
                )
            });
        }
        out.iter()
            .map(|l| l.trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }
}
