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
fn too_large() -> String {
    format!("the request's body is over {} KiB", BODY_LIMIT / 1024)
}

/// Refuses at once (413, the connection closed) a request that declares a body over
/// [`BODY_LIMIT`]: it is not read, nor waited for until the request's deadline.
pub(crate) async fn declared_length_within_limit(req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        let mut refused = ApiError(StatusCode::PAYLOAD_TOO_LARGE, too_large()).into_response();
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
        e if e.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError(StatusCode::PAYLOAD_TOO_LARGE, too_large()),
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

/// serde_json's message with its Rust words replaced: `expected u8` → `expected a whole
/// number from 0 to 255`, `a sequence` → `a list`, `struct X` / `a map` → `an object`,
/// `integer `5`` → `the number 5`, `at line 1 column 9` → `(line 1, column 9)`. What the
/// request itself said (inside `"…"`) is left as it was; backticks become quotes.
pub(crate) fn plain_serde(message: &str) -> String {
    let (text, place) = match message.rsplit_once(" at line ") {
        Some((text, place)) => match place.split_once(" column ") {
            Some((line, column)) => (text, format!(" (line {line}, column {column})")),
            None => (message, String::new()),
        },
        None => (message, String::new()),
    };
    // Outside the request's own strings only: serde quotes them with `"` and escapes a `"`
    // inside them, so the unescaped ones alternate.
    let mut out = String::with_capacity(message.len());
    let mut quoted = false;
    let mut piece = String::new();
    let mut escaped = false;
    for c in text.chars() {
        if quoted {
            out.push(c);
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => quoted = false,
                _ => escaped = false,
            }
        } else if c == '"' {
            out.push_str(&plain_words(&piece));
            piece.clear();
            out.push(c);
            quoted = true;
        } else {
            piece.push(c);
        }
    }
    out.push_str(&plain_words(&piece));
    out + &place
}

/// [`plain_serde`] on text outside quotes.
fn plain_words(text: &str) -> String {
    // Phrases naming a Rust type, longest first: the name after them is Rust's, not the
    // protocol's.
    const NAMED: [(&str, &str); 8] = [
        ("internally tagged enum ", "an object with a kind"),
        ("struct variant ", "an object"),
        ("tuple variant ", "a list"),
        ("newtype variant ", "a value"),
        ("unit variant ", "a name"),
        ("tuple struct ", "a list"),
        ("struct ", "an object"),
        ("enum ", "a name"),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        let at_word = out.is_empty() || out.ends_with([' ', '(', '`']);
        if at_word {
            for (phrase, plain) in NAMED {
                if let Some(after) = rest.strip_prefix(phrase) {
                    let name_len = after
                        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .unwrap_or(after.len());
                    if name_len > 0 {
                        out.push_str(plain);
                        rest = &after[name_len..];
                        continue 'scan;
                    }
                }
            }
            let word_len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let word = &rest[..word_len];
            let plain = match word {
                "u8" => Some("a whole number from 0 to 255"),
                "u16" => Some("a whole number from 0 to 65535"),
                "u32" => Some("a whole number from 0 to 4294967295"),
                "u64" | "u128" | "usize" => Some("a whole number from 0 up"),
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => Some("a whole number"),
                "f32" | "f64" => Some("a number"),
                "sequence" => Some("list"),
                "map" => Some("object"),
                "integer" => Some("the number"),
                "floating" if rest[word_len..].starts_with(" point") => {
                    out.push_str("the number");
                    rest = &rest[word_len + " point".len()..];
                    continue;
                }
                _ => None,
            };
            if let Some(plain) = plain {
                out.push_str(plain);
                rest = &rest[word_len..];
                continue;
            }
            if word_len > 0 {
                out.push_str(word);
                rest = &rest[word_len..];
                continue;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(if c == '`' { '\'' } else { c });
        rest = &rest[c.len_utf8()..];
    }
    out.replace("a object", "an object").replace("a integer", "an integer")
}

#[cfg(test)]
mod tests {
    use super::plain_serde;

    #[test]
    fn serde_messages_lose_their_rust_words() {
        let cases = [
            (
                "seats: invalid type: integer `5`, expected a sequence at line 1 column 11",
                "seats: invalid type: the number '5', expected a list (line 1, column 11)",
            ),
            (
                "hand_limit: invalid type: string \"a\", expected u32 at line 1 column 17",
                "hand_limit: invalid type: string \"a\", expected a whole number from 0 to 4294967295 (line 1, column 17)",
            ),
            (
                "seat: invalid value: integer `300`, expected u8 at line 1 column 12",
                "seat: invalid value: the number '300', expected a whole number from 0 to 255 (line 1, column 12)",
            ),
            (
                "invalid type: floating point `1.5`, expected struct TableConfig at line 1 column 3",
                "invalid type: the number '1.5', expected an object (line 1, column 3)",
            ),
            (
                "rules: invalid type: boolean `true`, expected a map at line 1 column 14",
                "rules: invalid type: boolean 'true', expected an object (line 1, column 14)",
            ),
            (
                "seats[0]: invalid type: integer `5`, expected internally tagged enum SeatKindWire at line 1 column 12",
                "seats[0]: invalid type: the number '5', expected an object with a kind (line 1, column 12)",
            ),
            (
                "seats[0]: invalid type: string \"x\", expected struct variant SeatKindWire::Bot",
                "seats[0]: invalid type: string \"x\", expected an object",
            ),
            (
                "seats[0].kind: unknown variant `robot`, expected `human` or `bot` at line 1 column 25",
                "seats[0].kind: unknown variant 'robot', expected 'human' or 'bot' (line 1, column 25)",
            ),
            // A syntax error keeps its punctuation; the request's own words stay as they were.
            ("expected `,` or `}` at line 1 column 9", "expected ',' or '}' (line 1, column 9)"),
            (
                "name: invalid type: string \"a map of u8\", expected u8",
                "name: invalid type: string \"a map of u8\", expected a whole number from 0 to 255",
            ),
            ("EOF while parsing", "EOF while parsing"),
        ];
        for (serde, plain) in cases {
            assert_eq!(plain_serde(serde), plain, "{serde}");
        }
    }
}
