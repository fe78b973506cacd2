//! Request bodies: JSON only, at most [`BODY_LIMIT`] bytes, and refusals a person can read —
//! serde's messages name Rust types (`u32`, `a sequence`, `struct TableConfig`), which mean
//! nothing to someone writing a request by hand.

use axum::extract::rejection::JsonRejection;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::ApiError;

/// The largest request body accepted: every body of the API is a few hundred bytes of JSON.
pub(crate) const BODY_LIMIT: usize = 64 * 1024;

/// The refusal of a body over [`BODY_LIMIT`].
const TOO_LARGE: &str = "the request's body is over 64 KiB";

/// Refuses at once (413, the connection closed) a request that declares a body over
/// [`BODY_LIMIT`]: it is not read, nor waited for until the request's deadline.
pub(crate) async fn declared_length_within_limit(req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        let mut refused = ApiError(StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE.into()).into_response();
        refused
            .headers_mut()
            .insert(header::CONNECTION, header::HeaderValue::from_static("close"));
        return refused;
    }
    next.run(req).await
}

/// A request's JSON body, or a 400 that says what is wrong with it in plain words (unknown
/// fields are refused); 413 when it is over [`BODY_LIMIT`].
pub(crate) fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(t)| t).map_err(|e| match e {
        JsonRejection::JsonDataError(e) => ApiError(
            StatusCode::BAD_REQUEST,
            format!("the request does not fit: {}", plain_serde(&cause(&e))),
        ),
        JsonRejection::JsonSyntaxError(e) => ApiError(
            StatusCode::BAD_REQUEST,
            format!("the request's body is not JSON: {}", plain_serde(&cause(&e))),
        ),
        // 400 as every other malformed body (docs/protocol.md), not 415.
        JsonRejection::MissingJsonContentType(_) => ApiError(
            StatusCode::BAD_REQUEST,
            "send the body as JSON, with the header Content-Type: application/json".into(),
        ),
        e if e.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError(StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE.into()),
        e => ApiError(StatusCode::BAD_REQUEST, e.body_text()),
    })
}

/// The innermost cause of a rejection: serde's own message, without axum's preamble.
fn cause(e: &dyn std::error::Error) -> String {
    let mut inner = e;
    while let Some(next) = inner.source() {
        inner = next;
    }
    inner.to_string()
}

/// serde_json's message with its Rust words replaced: `expected u32` → `expected a whole
/// number`, `a sequence` → `a list`, `struct X` / `a map` → `an object`, `integer `5`` →
/// `the number 5`, `at line 1 column 9` → `(line 1, column 9)`.
pub(crate) fn plain_serde(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut words = message.split(' ').peekable();
    let mut first = true;
    while let Some(word) = words.next() {
        if !first {
            out.push(' ');
        }
        first = false;
        let (core, tail) = split_punctuation(word);
        let replaced = match core {
            "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => Some("a whole number from 0 up"),
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => Some("a whole number"),
            "f32" | "f64" => Some("a number"),
            "sequence" => Some("list"),
            "map" => Some("object"),
            "integer" | "floating" => {
                // `integer `5``, `floating point `1.5``: the number itself.
                if core == "floating" && words.peek() == Some(&"point") {
                    words.next();
                }
                out.push_str("the number");
                continue;
            }
            "struct" | "enum" => {
                // `struct TableConfig`: the name is Rust's, not the protocol's.
                if let Some(name) = words.next() {
                    let (_, name_tail) = split_punctuation(name);
                    out.push_str(if core == "struct" {
                        "an object"
                    } else {
                        "one of the names listed"
                    });
                    out.push_str(name_tail);
                }
                continue;
            }
            _ => None,
        };
        match replaced {
            Some(r) => {
                out.push_str(r);
                out.push_str(tail);
            }
            None => out.push_str(word),
        }
    }
    let out = out.replace("a object", "an object").replace('`', "");
    match out.rsplit_once(" at line ") {
        Some((text, place)) => match place.split_once(" column ") {
            Some((line, column)) => format!("{text} (line {line}, column {column})"),
            None => out,
        },
        None => out,
    }
}

/// A word and the punctuation after it (`u32,` → `u32` and `,`).
fn split_punctuation(word: &str) -> (&str, &str) {
    let end = word.trim_end_matches([',', '.', ';', ':']).len();
    word.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::plain_serde;

    #[test]
    fn serde_messages_lose_their_rust_words() {
        assert_eq!(
            plain_serde("seats: invalid type: integer `5`, expected a sequence at line 1 column 11"),
            "seats: invalid type: the number 5, expected a list (line 1, column 11)"
        );
        assert_eq!(
            plain_serde("hand_limit: invalid type: string \"a\", expected u32 at line 1 column 17"),
            "hand_limit: invalid type: string \"a\", expected a whole number from 0 up (line 1, column 17)"
        );
        assert_eq!(
            plain_serde("invalid type: floating point `1.5`, expected struct TableConfig at line 1 column 3"),
            "invalid type: the number 1.5, expected an object (line 1, column 3)"
        );
        assert_eq!(
            plain_serde("rules: invalid type: boolean `true`, expected a map at line 1 column 14"),
            "rules: invalid type: boolean true, expected an object (line 1, column 14)"
        );
        assert_eq!(
            plain_serde("seats[0].kind: unknown variant `robot`, expected `human` or `bot` at line 1 column 25"),
            "seats[0].kind: unknown variant robot, expected human or bot (line 1, column 25)"
        );
        // Nothing to replace, no place: unchanged.
        assert_eq!(plain_serde("EOF while parsing"), "EOF while parsing");
    }
}
