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

const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../../../web/style.css")),
    ("common.js", "text/javascript", include_str!("../../../web/common.js")),
    ("lobby.js", "text/javascript", include_str!("../../../web/lobby.js")),
    ("table.js", "text/javascript", include_str!("../../../web/table.js")),
    ("replay.js", "text/javascript", include_str!("../../../web/replay.js")),
];

/// An HTML page.
pub fn page(html: &'static str) -> Html<&'static str> {
    Html(html)
}

/// `/static/{file}`.
pub async fn static_file(Path(file): Path<String>) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => ([(header::CONTENT_TYPE, *mime)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
