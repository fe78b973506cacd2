//! The body of the `protocol` fuzz target (`fuzz/fuzz_targets/protocol.rs` includes this file
//! by path; `tests/protocol_fuzz_smoke.rs` runs it on stable). Any bytes as a client message:
//! parsing never panics, errors stay short, and an action that parses is either accepted by
//! the table or refused without changing it.

use preferans::Action;
use preferans_server::protocol::{parse_client, ClientMsg};
use preferans_server::table::Table;
use preferans_server::TableConfig;

/// The tokens of the table the fuzzer plays on: seat 0, 1 and 2.
pub const TOKENS: [&str; 3] = ["a", "b", "c"];

/// A three-person table with `TOKENS` seated, after `moves` first-legal actions.
pub fn table(moves: usize) -> Table {
    let mut config = TableConfig::with_bots(3, "random");
    config.seats = vec![preferans_server::SeatKind::Human; 3];
    let mut t = Table::new("fuzz".into(), config, 17, 0).expect("a valid configuration");
    for (s, tok) in TOKENS.iter().enumerate() {
        t.claim(s as u8, format!("p{s}"), tok);
    }
    for _ in 0..moves {
        let Some(seat) = t.to_move() else { break };
        let Some(obs) = t.observation(preferans::Viewer::Seat(seat)) else {
            break;
        };
        let Some(&a) = obs.legal_actions.first() else { break };
        let next = t.try_action(seat, a).expect("a legal action is accepted");
        t.commit(next);
    }
    t
}

/// What became of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Not a message.
    Unparsed,
    /// An action the table accepted.
    Accepted,
    /// An action the table refused (nothing changed).
    Refused,
    /// A chat line the table kept.
    Said,
    /// A chat line the table refused (nothing changed).
    Unsaid,
    /// Anything else (join, hint, ping, an unknown token, text that is not an action).
    Other,
}

/// One client message.
pub fn protocol_message(data: &[u8]) -> Fate {
    let text = String::from_utf8_lossy(data);
    match parse_client(&text) {
        Err(e) => {
            assert!(e.chars().count() <= 200, "error too long: {e}");
            Fate::Unparsed
        }
        Ok(ClientMsg::Act { token, action, .. }) => {
            let mut t = table(data.len() % 24);
            let Some(seat) = t.seat_of_token(&token) else {
                return Fate::Other;
            };
            let Ok(a) = action.parse::<Action>() else {
                return Fate::Other;
            };
            assert_eq!(a.to_string().parse::<Action>().ok(), Some(a), "action text round trip");
            let before = t.game().clone();
            let (actions, version) = (t.action_count(), t.version());
            match t.try_action(seat, a) {
                Ok(next) => {
                    t.commit(next);
                    assert_eq!(t.action_count(), actions + 1);
                    Fate::Accepted
                }
                Err(e) => {
                    assert_eq!(t.game(), &before, "a refused action changed the game");
                    assert_eq!((t.action_count(), t.version()), (actions, version));
                    assert!(!e.to_string().is_empty());
                    Fate::Refused
                }
            }
        }
        Ok(ClientMsg::Join { table, .. }) => {
            assert!(table.len() <= 4096);
            Fate::Other
        }
        Ok(ClientMsg::Chat { token, text }) => {
            let mut t = table(data.len() % 24);
            let Some(seat) = t.seat_of_token(&token) else {
                return Fate::Other;
            };
            let version = t.version();
            match t.say(seat, &text) {
                Ok(()) => {
                    let chat = t.view(preferans::Viewer::Spectator).chat;
                    let line = chat.last().expect("the line is kept");
                    assert_eq!((line.seat, line.text.as_str()), (seat, text.trim()));
                    assert!(line.text.chars().count() <= preferans_server::table::CHAT_CHARS);
                    Fate::Said
                }
                Err(e) => {
                    assert_eq!(t.version(), version, "a refused chat line changed the table");
                    assert!(t.view(preferans::Viewer::Spectator).chat.is_empty());
                    assert!(!e.is_empty() && e.len() <= 200);
                    Fate::Unsaid
                }
            }
        }
        Ok(ClientMsg::Hint { .. } | ClientMsg::Ping {}) => Fate::Other,
    }
}
