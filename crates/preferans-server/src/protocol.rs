//! The WebSocket messages (`docs/protocol.md`). JSON text frames, one message each, tagged by
//! `type`. Clients send actions as the rules crate's text (`bid 7H`, `play AS`).

use serde::{Deserialize, Serialize};

use crate::table::View;

/// A message from a client. Unknown fields are refused (`deny_unknown_fields`, which serde
/// applies to the struct variants of an internally tagged enum: hence `Ping {}`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Watch a table: as a seat with its token, or as a spectator without one.
    Join {
        /// Table id.
        table: String,
        /// The seat token from claiming a seat.
        #[serde(default)]
        token: Option<String>,
        /// A private table's password, to watch it without a seat.
        #[serde(default)]
        password: Option<String>,
    },
    /// Play an action for the seat the token holds.
    Act {
        /// The seat token: every action carries it.
        token: String,
        /// The action's text.
        action: String,
        /// The state's `actions` when the action was chosen: refused when the game has
        /// moved on since (a second tab's copy, a resend). Optional.
        #[serde(default)]
        after: Option<u64>,
    },
    /// Ask for ranked hints for the current decision of the seat the token holds.
    Hint {
        /// The seat token.
        token: String,
    },
    /// Say something at the table (players only): every viewer sees it with the table.
    Chat {
        /// The seat token.
        token: String,
        /// The line (at most [`crate::table::CHAT_CHARS`] characters).
        text: String,
    },
    /// Keep-alive; answered with `pong`.
    Ping {},
}

/// One hint.
#[derive(Clone, Debug, Serialize)]
pub struct HintMsg {
    /// The action's text.
    pub action: String,
    /// Its estimated value for the asking player.
    pub value: f64,
    /// Why.
    pub reason: String,
}

/// A message to a client.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The table as this connection may see it; sent on join and after every change.
    State(Box<View>),
    /// A refused message. Nothing changed; the connection stays open.
    Error {
        /// What was wrong.
        message: String,
    },
    /// Ranked hints.
    Hints {
        /// Best first.
        hints: Vec<HintMsg>,
    },
    /// Answer to `ping`.
    Pong,
}

impl ServerMsg {
    /// An error message.
    pub fn error(message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            message: message.into(),
        }
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!(r#"{{"type":"error","message":"{e}"}}"#))
    }
}

/// Parses a client message. The error is short and never echoes more than the start of the
/// input.
///
/// # Errors
/// Not JSON, unknown type, missing or unknown fields, or longer than 4 KiB.
pub fn parse_client(text: &str) -> Result<ClientMsg, String> {
    if text.len() > 4096 {
        return Err("message longer than 4 KiB".into());
    }
    // serde's message may quote the input; cut it on a character boundary.
    serde_json::from_str(text).map_err(|e| format!("bad message: {e}").chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_and_garbage_is_refused() {
        assert_eq!(
            parse_client(r#"{"type":"act","token":"t","action":"bid 6S"}"#),
            Ok(ClientMsg::Act {
                token: "t".into(),
                action: "bid 6S".into(),
                after: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"join","table":"ab"}"#),
            Ok(ClientMsg::Join {
                table: "ab".into(),
                token: None,
                password: None
            })
        );
        assert_eq!(parse_client(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping {}));
        assert_eq!(
            parse_client(r#"{"type":"chat","token":"t","text":"gl hf"}"#),
            Ok(ClientMsg::Chat {
                token: "t".into(),
                text: "gl hf".into()
            })
        );
        for bad in [
            "",
            "null",
            "{}",
            r#"{"type":"act"}"#,
            r#"{"type":"act","action":"pass"}"#,
            r#"{"type":"fly"}"#,
            "\u{0}",
            r#"{"type":"act","token":"t","action":"pass","x":1}"#,
            // Unknown fields are refused on every message type.
            r#"{"type":"ping","extra":1}"#,
            r#"{"type":"ping","type":"ping"}"#,
            r#"{"type":"join","table":"ab","x":null}"#,
            r#"{"type":"join","table":"ab","token":"t","spectate":true}"#,
            r#"{"type":"hint","token":"t","x":1}"#,
        ] {
            assert!(parse_client(bad).is_err(), "{bad:?}");
        }
        assert!(parse_client(&"x".repeat(5000)).unwrap_err().contains("4 KiB"));
        // A long error quoting multi-byte input is cut without panicking.
        let long = format!(r#"{{"type":"{}"}}"#, "ж".repeat(300));
        assert!(parse_client(&long).unwrap_err().chars().count() <= 200);
    }
}
