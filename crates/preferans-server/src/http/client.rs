//! The client's address, which the per-address limits count against: the connection's peer,
//! or — when the peer is a trusted reverse proxy ([`crate::HubSettings::trusted_proxies`],
//! `pref serve --trusted-proxy`) — the address the proxies recorded in `X-Forwarded-For`.
//! Without it, every client behind a proxy would share the proxy's address and its limits.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};

use super::ApiError;
use crate::hub::Hub;

/// The client's address (see the module), as the per-address limits count it: an IPv6
/// address by its /64 prefix, which one host usually holds whole (else a host would
/// escape every limit by rotating addresses inside it), as the connection count does.
pub(crate) struct ClientIp(pub IpAddr);

impl FromRequestParts<Arc<Hub>> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .ok_or_else(|| ApiError(StatusCode::INTERNAL_SERVER_ERROR, "no peer address".into()))?;
        Ok(ClientIp(crate::listen::counted_as(client_ip(
            peer,
            &parts.headers,
            &hub.settings().trusted_proxies,
        ))))
    }
}

/// From `peer` back along `X-Forwarded-For` (each proxy appends the address it was reached
/// from), as long as the hop is a trusted proxy: the first address that is not one. A garbled
/// entry stops the walk at the proxy that passed it on. Addresses are compared in canonical
/// form: a dual-stack listener sees an IPv4 proxy as `::ffff:a.b.c.d`.
pub(crate) fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    // Split before decoding: a client's own non-ASCII entry must not hide the entries its
    // proxies appended after it.
    let hops: Vec<&[u8]> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| v.as_bytes().split(|b| *b == b','))
        .collect();
    let is_trusted = |ip: IpAddr| is_trusted_proxy(trusted, ip);
    let mut client = peer.to_canonical();
    for hop in hops.iter().rev() {
        if !is_trusted(client) {
            break;
        }
        match parse_hop(hop) {
            Some(ip) => client = ip.to_canonical(),
            None => break,
        }
    }
    client
}

/// Whether `ip` is one of the `trusted` proxies (in canonical form: a dual-stack listener sees
/// an IPv4 proxy as `::ffff:a.b.c.d`).
pub(crate) fn is_trusted_proxy(trusted: &[IpAddr], ip: IpAddr) -> bool {
    let ip = ip.to_canonical();
    trusted.iter().any(|t| t.to_canonical() == ip)
}

/// One `X-Forwarded-For` entry: an address, with or without a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`) or brackets (`[2001:db8::1]`), as proxies write them.
fn parse_hop(hop: &[u8]) -> Option<IpAddr> {
    let hop = std::str::from_utf8(hop).ok()?.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| hop.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        let h = forwarded(&["203.0.113.7"]);
        assert_eq!(client_ip(proxy, &h, &[proxy]), client);
        // Anyone else may write the header: it is not read.
        assert_eq!(client_ip(client, &forwarded(&["10.9.9.9"]), &[proxy]), client);
        assert_eq!(client_ip(proxy, &h, &[]), proxy, "no proxy trusted");
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &[proxy]), proxy, "no header");
    }

    #[test]
    fn the_walk_stops_at_the_first_address_that_is_not_a_trusted_proxy() {
        let (edge, inner): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        // A client's own made-up entry comes first; the proxies append theirs after it.
        let h = forwarded(&["6.6.6.6, 198.51.100.4", "10.0.0.1"]);
        assert_eq!(
            client_ip(inner, &h, &[edge, inner]),
            "198.51.100.4".parse::<IpAddr>().unwrap()
        );
        // A garbled hop: the proxy that passed it on is the address.
        let h = forwarded(&["198.51.100.4, not-an-address"]);
        assert_eq!(client_ip(edge, &h, &[edge]), edge);
        // IPv6 too.
        let h = forwarded(&["2001:db8::5"]);
        assert_eq!(client_ip(edge, &h, &[edge]), "2001:db8::5".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn proxies_written_with_ports_brackets_or_as_mapped_ipv6_are_understood() {
        let proxy: IpAddr = "10.0.0.5".parse().unwrap();
        let client: IpAddr = "198.51.100.4".parse().unwrap();
        // A dual-stack listener (`--addr [::]:8080`) sees the IPv4 proxy as a mapped address.
        let mapped: IpAddr = "::ffff:10.0.0.5".parse().unwrap();
        assert_eq!(client_ip(mapped, &forwarded(&["198.51.100.4"]), &[proxy]), client);
        // A mapped client address is the same client as its IPv4 form (one set of limits).
        assert_eq!(client_ip(proxy, &forwarded(&["::ffff:198.51.100.4"]), &[proxy]), client);
        for hop in ["198.51.100.4:5678", " 198.51.100.4 "] {
            assert_eq!(client_ip(proxy, &forwarded(&[hop]), &[proxy]), client, "{hop}");
        }
        let v6: IpAddr = "2001:db8::1".parse().unwrap();
        for hop in ["[2001:db8::1]:443", "[2001:db8::1]"] {
            assert_eq!(client_ip(proxy, &forwarded(&[hop]), &[proxy]), v6, "{hop}");
        }
    }

    #[test]
    fn a_client_s_non_ascii_entry_does_not_hide_what_the_proxy_appended() {
        let proxy: IpAddr = "10.0.0.5".parse().unwrap();
        let mut h = HeaderMap::new();
        let value = axum::http::HeaderValue::from_bytes(b"\xe9t\xe9, 198.51.100.4").unwrap();
        h.append("x-forwarded-for", value);
        assert_eq!(
            client_ip(proxy, &h, &[proxy]),
            "198.51.100.4".parse::<IpAddr>().unwrap()
        );
        // Trusting the client's garbled entry is never possible: the walk stops there.
        let inner: IpAddr = "198.51.100.4".parse().unwrap();
        assert_eq!(client_ip(proxy, &h, &[proxy, inner]), inner);
    }
}
