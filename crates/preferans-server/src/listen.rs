//! The accept loop. Each TCP connection is served as HTTP/1.1 (WebSocket upgrades included)
//! with a deadline for every request's headers ([`crate::HubSettings::header_deadline`], from
//! the connection or the previous answer): a client that opens connections and sends
//! nothing, or its headers a byte at a time, would otherwise hold them for ever, and enough
//! of them would take every file descriptor the process has (nobody else could connect). One client address may also
//! hold at most [`crate::HubSettings::http_connections_per_address`] at once (an IPv6 host
//! counts by its /64: it holds the whole prefix). A request must be answered within
//! [`crate::HubSettings::request_deadline`] (a body sent slowly, or not at all, is answered
//! 408), and a connection speaks HTTP for at most [`HTTP_LIFETIME`] (then it is closed after
//! its current answer, or [`SHUTDOWN_GRACE`] later if the client does not read it). `axum::serve` sets none of these.
//! A WebSocket leaves all of this behind once upgraded: the hub counts those. Over all
//! addresses the server holds at most [`crate::HubSettings::max_connections`] connections of
//! either kind, so that many addresses together cannot take the file descriptors the
//! database needs.

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tower::Service;

use crate::counts::AddressCounts;
use crate::http::is_trusted_proxy;
use crate::hub::Hub;

/// How long one connection may speak HTTP (browsers open another when it closes).
pub const HTTP_LIFETIME: Duration = Duration::from_secs(120);
/// How long a connection past [`HTTP_LIFETIME`] has to take its last answer.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The address a connection is counted under: an IPv6 address by its /64 prefix, which one
/// host usually holds whole.
pub(crate) fn counted_as(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(std::net::Ipv6Addr::from_bits(v6.to_bits() & !((1u128 << 64) - 1))),
        v4 => v4,
    }
}

/// [`crate::HubSettings::max_connections`] made concrete.
fn connection_limit(setting: usize) -> usize {
    if setting != 0 {
        return setting;
    }
    // "Max open files  <soft>  <hard>  files" (Linux); elsewhere no limit.
    let soft = std::fs::read_to_string("/proc/self/limits").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("Max open files"))?;
        line["Max open files".len()..]
            .split_whitespace()
            .next()?
            .parse::<usize>()
            .ok()
    });
    soft.map_or(usize::MAX, |n| n.saturating_sub(256).max(64))
}

/// Serves `app` on `listener` until the task is aborted.
pub(crate) async fn serve(listener: TcpListener, app: Router, hub: Arc<Hub>) -> std::io::Result<()> {
    let open = AddressCounts::default();
    let limit = connection_limit(hub.settings().max_connections);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // A connection gone before it was accepted: the next one. Out of file
                // descriptors or memory: a pause, while others close.
                use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
                if !matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                continue;
            }
        };
        if hub.sockets.get() >= limit {
            tracing::debug!(%peer, "refused: the server holds {limit} connections");
            continue;
        }
        let ip = peer.ip().to_canonical();
        let settings = hub.settings();
        let proxy = is_trusted_proxy(&settings.trusted_proxies, ip);
        let cap = if proxy {
            0
        } else {
            settings.http_connections_per_address
        };
        let Some(address_slot) = open.open(counted_as(ip), cap) else {
            tracing::debug!(%peer, "refused: too many connections from this address");
            continue;
        };
        let counted = (address_slot, hub.sockets.open());
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let (deadline, request_deadline) = (settings.header_deadline, settings.request_deadline);
        tokio::spawn(async move {
            // Counted while it speaks HTTP; an upgraded WebSocket ends this future and is
            // counted by the hub (`connections_per_address`).
            let _counted = counted;
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                let mut app = app.clone();
                async move {
                    let answer = app.call(req.map(axum::body::Body::new));
                    Ok::<_, Infallible>(match tokio::time::timeout(request_deadline, answer).await {
                        Ok(response) => response.unwrap_or_else(|e| match e {}),
                        Err(_) => too_slow(),
                    })
                }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(deadline)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                () = tokio::time::sleep(HTTP_LIFETIME) => {
                    connection.as_mut().graceful_shutdown();
                    tokio::time::timeout(SHUTDOWN_GRACE, connection).await.unwrap_or(Ok(()))
                }
            };
            if let Err(e) = ended {
                tracing::debug!(%peer, "connection ended: {e}");
            }
        });
    }
}

/// The answer to a request not answered within its deadline (its body too slow).
fn too_slow() -> axum::response::Response {
    use axum::response::IntoResponse;
    let body = axum::Json(serde_json::json!({"error": "the request took too long: send it again"}));
    (
        axum::http::StatusCode::REQUEST_TIMEOUT,
        [(axum::http::header::CONNECTION, "close")],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_limit_is_the_setting_or_the_file_limit_less_a_reserve() {
        assert_eq!(connection_limit(500), 500);
        let derived = connection_limit(0);
        assert!(derived >= 64, "{derived}");
        if let Ok(text) = std::fs::read_to_string("/proc/self/limits") {
            assert!(text.contains("Max open files"));
            assert_ne!(derived, usize::MAX, "read from /proc/self/limits");
        }
    }

    #[test]
    fn an_ipv6_host_counts_as_its_64_prefix() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        assert_eq!(counted_as(a), counted_as(b));
        assert_eq!(counted_as(a), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(counted_as(a), counted_as("2001:db8:1:3::1".parse().unwrap()));
        let v4: IpAddr = "198.51.100.4".parse().unwrap();
        assert_eq!(counted_as(v4), v4);
        assert_eq!(counted_as("::ffff:198.51.100.4".parse().unwrap()), v4);
    }
}
