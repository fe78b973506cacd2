//! The browser client: static files from `web/`, compiled into the binary so `pref serve`
//! needs nothing beside it. No build step: plain HTML, CSS and JavaScript modules.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The lobby page.
pub const LOBBY_HTML: &str = include_str!("../../../web/index.html");
/// The table page.
pub const TABLE_HTML: &str = include_str!("../../../web/table.html");
/// The replay page.
pub const REPLAY_HTML: &str = include_str!("../../../web/replay.html");
/// How to play, with the presets and options.
pub const RULES_HTML: &str = include_str!("../../../web/rules.html");

const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../../../web/style.css")),
    ("common.js", "text/javascript", include_str!("../../../web/common.js")),
    ("lobby.js", "text/javascript", include_str!("../../../web/lobby.js")),
    ("table.js", "text/javascript", include_str!("../../../web/table.js")),
    (
        "table-view.js",
        "text/javascript",
        include_str!("../../../web/table-view.js"),
    ),
    (
        "table-sheet.js",
        "text/javascript",
        include_str!("../../../web/table-sheet.js"),
    ),
    (
        "table-device.js",
        "text/javascript",
        include_str!("../../../web/table-device.js"),
    ),
    (
        "table-announce.js",
        "text/javascript",
        include_str!("../../../web/table-announce.js"),
    ),
    (
        "table-over.js",
        "text/javascript",
        include_str!("../../../web/table-over.js"),
    ),
    (
        "table-keys.js",
        "text/javascript",
        include_str!("../../../web/table-keys.js"),
    ),
    ("replay.js", "text/javascript", include_str!("../../../web/replay.js")),
    ("rules.js", "text/javascript", include_str!("../../../web/rules.js")),
];

/// What a page may load and who may frame it: only this server's own scripts, styles and
/// connections (`'self'` covers its own `ws:`/`wss:`) (the favicon is a data URI; a private table's sheet a blob the page fetched with
/// its key), and no other site may frame it (clickjacking).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// An HTML page, with its security headers.
pub fn page(html: &'static str) -> Response {
    (
        [
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "same-origin"),
        ],
        Html(html),
    )
        .into_response()
}

/// `/static/{file}`.
pub async fn static_file(Path(file): Path<String>) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => ([(header::CONTENT_TYPE, *mime)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
