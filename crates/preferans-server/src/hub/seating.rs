//! The checks a seat claim passes: the name a person takes, and a private table's password
//! (counted against the address as every other key is).

use super::{Hub, HubError};
use crate::table::Table;

impl Hub {
    /// Checks `given` against private table `t`'s password (a public table needs none): a
    /// wrong or missing one counts against `address` as a wrong key does, and an address past
    /// its wrong keys has none checked, not even the right one (a password is not to be
    /// guessed by trying them all, whichever request tries them). `refused` is what a wrong
    /// password is told.
    pub(super) fn check_password(
        &self,
        address: std::net::IpAddr,
        t: &Table,
        given: Option<&str>,
        refused: &str,
    ) -> Result<(), HubError> {
        let Some(kept) = &t.config.password else {
            return Ok(());
        };
        if !self.may_try_key(address) {
            return Err(HubError::TooMany(crate::http::TOO_MANY_WRONG_KEYS.into()));
        }
        let matches = |g: &str| crate::table::secret_eq(&crate::table::password_digest(&t.id, g), kept);
        match given {
            Some(g) if matches(g) => Ok(()),
            Some(_) => {
                self.wrong_key(address);
                Err(HubError::Seat(refused.into()))
            }
            None => Err(HubError::Seat("this table is private: its password is needed".into())),
        }
    }
}

/// The name a person takes at table `t` (trimmed), refused when malformed, or when it would
/// pass for someone else there: another seat's name, or the form of the names the table
/// gives (`seat 2`, `expert bot 1`).
pub(super) fn check_name<'a>(t: &Table, name: &'a str) -> Result<&'a str, HubError> {
    let name = check_name_form(name)?;
    let taken = t.names().iter().any(|other| skeleton(other) == skeleton(name));
    if taken {
        return Err(HubError::Seat(format!(
            "\"{name}\" is taken at this table: choose another name"
        )));
    }
    Ok(name)
}

/// [`check_name`] without a table: the name (trimmed) refused when malformed or when it reads
/// as a name a table gives. The lobby asks it before it creates a table, so that a refused
/// name leaves no table behind.
pub(crate) fn check_name_form(name: &str) -> Result<&str, HubError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 30 {
        return Err(HubError::BadRequest("a name has 1 to 30 characters".into()));
    }
    // Names end up in records, terminals and SVG, and before other people's eyes.
    if name.chars().any(crate::config::invisible_char) || !crate::config::shows_something(name) {
        return Err(HubError::BadRequest(
            "a name holds no control, invisible or text-direction characters".into(),
        ));
    }
    // Each page marks its reader's own seat "(you)": nobody else's name may say it.
    let lower = skeleton(name);
    if lower.ends_with("(you)") {
        return Err(HubError::BadRequest("a name may not end with \"(you)\"".into()));
    }
    let words: Vec<&str> = lower.split_whitespace().collect();
    let numbered = words.last().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    let given_form = numbered && (words.first() == Some(&"seat") || words.iter().rev().nth(1) == Some(&"bot"));
    if given_form {
        return Err(HubError::BadRequest(format!(
            "\"{name}\" reads as a name the table gives (a seat or a bot): choose another"
        )));
    }
    Ok(name)
}

/// How a name reads, to compare names that look alike: lowercase, one space between words,
/// without the joiners and variation selectors that show nothing, full-width forms and the
/// Cyrillic and Greek letters that look like Latin ones as those ("Аnn", "Ａｎｎ" and
/// "Ann\u{200D}" all read "ann").
fn skeleton(name: &str) -> String {
    let shown: String = name
        .chars()
        .filter(|c| !matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}'))
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'а' | 'α' => 'a',
            'в' | 'β' => 'b',
            'е' | 'ε' => 'e',
            'к' | 'κ' => 'k',
            'м' => 'm',
            'н' | 'η' => 'h',
            'о' | 'ο' => 'o',
            'р' | 'ρ' => 'p',
            'с' => 'c',
            'т' | 'τ' => 't',
            'у' | 'υ' => 'y',
            'х' | 'χ' => 'x',
            'і' | 'ι' => 'i',
            'ј' => 'j',
            'ѕ' => 's',
            'ν' => 'v',
            _ => c,
        })
        .collect();
    shown.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::skeleton;

    #[test]
    fn names_that_look_alike_read_alike() {
        for look_alike in [
            "Ann",
            " ANN ",
            "Ann\u{200D}",
            "Ann\u{FE0F}",
            "\u{0410}nn",
            "\u{FF21}\u{FF4E}\u{FF4E}",
        ] {
            assert_eq!(skeleton(look_alike), "ann", "{look_alike:?}");
        }
        assert_eq!(skeleton("seat \u{FF12}"), "seat 2");
        assert_eq!(skeleton("Boris  (You)\u{200D}"), "boris (you)");
        assert_ne!(skeleton("Anna"), "ann");
    }
}
