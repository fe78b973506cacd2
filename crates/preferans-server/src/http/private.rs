//! Private tables (created with a password): their pages open to the password or a seat's
//! token in [`TABLE_KEY_HEADER`], wrong keys are counted per address, and keyed answers are
//! not cached along the way.

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;

use super::ApiError;
use crate::hub::{Hub, TableHandle};
use crate::table::Table;

/// The header that opens a private table's pages: its password or a seat's token,
/// percent-encoded (a header carries no other characters than ASCII).
pub const TABLE_KEY_HEADER: &str = "x-table-key";

/// What a private table answers without its key.
pub const PRIVATE_TABLE: &str = "this table is private: its password (or a seat's token) is needed";

/// The key a request gives for a private table ([`TABLE_KEY_HEADER`], percent-decoded),
/// checked before the table is locked: an address past its wrong keys
/// ([`crate::HubSettings::wrong_keys_per_minute`]) has none checked (429).
fn given_key(hub: &Hub, client: IpAddr, headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(raw) = headers.get(TABLE_KEY_HEADER) else {
        return Ok(None);
    };
    if !hub.may_try_key(client) {
        return Err(ApiError(StatusCode::TOO_MANY_REQUESTS, TOO_MANY_WRONG_KEYS.into()));
    }
    Ok(raw
        .to_str()
        .ok()
        .and_then(|v| percent_encoding::percent_decode_str(v).decode_utf8().ok())
        .map(|k| k.into_owned()))
}

/// What an address past its wrong keys is told.
pub const TOO_MANY_WRONG_KEYS: &str = "too many wrong passwords from this address: wait a minute";

/// Refuses a private table's sheet, record, replay and analyses to a request without its key
/// ([`Table::admits`]); a wrong key counts against the address.
fn admitted(hub: &Hub, client: IpAddr, t: &Table, key: Option<&str>) -> Result<(), ApiError> {
    if t.admits(key) {
        return Ok(());
    }
    if key.is_some() {
        hub.wrong_key(client);
    }
    Err(ApiError(StatusCode::FORBIDDEN, PRIVATE_TABLE.into()))
}

/// The table `id`, once the request's key opens it: any table without a password, a
/// private one to its password or a seat's token (the caller locks it again to use it).
pub(super) async fn opened_table(
    hub: &Hub,
    id: &str,
    client: IpAddr,
    headers: &HeaderMap,
) -> Result<Arc<TableHandle>, ApiError> {
    let key = given_key(hub, client, headers)?;
    let h = hub.table(id).await?;
    admitted(hub, client, &*h.state.lock().await, key.as_deref())?;
    Ok(h)
}

/// An answer to a request with a table's key ([`TABLE_KEY_HEADER`]) may be a private table's:
/// no cache along the way keeps it or gives it to another.
pub(super) async fn keyed_not_cached(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let keyed = request.headers().contains_key(TABLE_KEY_HEADER);
    let mut response = next.run(request).await;
    if keyed {
        let h = response.headers_mut();
        h.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("private, no-store"),
        );
        h.insert(header::VARY, header::HeaderValue::from_static(TABLE_KEY_HEADER));
    }
    response
}
