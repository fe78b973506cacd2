//! Open connections, counted: by client address against a cap (the hub's WebSockets,
//! `listen.rs`'s HTTP connections), and all of them together
//! ([`crate::HubSettings::max_connections`]). Each count is held by a slot and given back
//! when the slot is dropped, whatever ends the connection.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Open connections by client address.
#[derive(Clone, Default)]
pub(crate) struct AddressCounts(Arc<Mutex<HashMap<IpAddr, u32>>>);

/// One connection counted under its address.
pub(crate) struct AddressSlot {
    counts: AddressCounts,
    ip: IpAddr,
}

impl AddressCounts {
    /// Counts a new connection from `ip`, unless it already holds `cap` (0: no limit).
    pub(crate) fn open(&self, ip: IpAddr, cap: u32) -> Option<AddressSlot> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(ip).or_insert(0);
        if cap != 0 && *n >= cap {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            counts: self.clone(),
            ip,
        })
    }

    #[cfg(test)]
    fn holds(&self, ip: IpAddr) -> bool {
        self.0.lock().unwrap().contains_key(&ip)
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut map = self.counts.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Every open connection, of any kind.
#[derive(Clone, Default)]
pub(crate) struct SocketCount(Arc<AtomicUsize>);

/// One connection counted in a [`SocketCount`].
pub(crate) struct SocketSlot(SocketCount);

impl SocketCount {
    /// Counts one more.
    pub(crate) fn open(&self) -> SocketSlot {
        self.0.fetch_add(1, Ordering::Relaxed);
        SocketSlot(self.clone())
    }

    /// How many are open.
    pub(crate) fn get(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        (self.0).0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_cap_and_closing_frees_a_place() {
        let counts = AddressCounts::default();
        let ip: IpAddr = "198.51.100.4".parse().unwrap();
        let other: IpAddr = "198.51.100.5".parse().unwrap();
        let first = counts.open(ip, 2).unwrap();
        let _second = counts.open(ip, 2).unwrap();
        assert!(counts.open(ip, 2).is_none());
        // Another address has its own count; no cap is no limit.
        assert!(counts.open(other, 2).is_some());
        assert!(counts.open(ip, 0).is_some());
        drop(first);
        assert!(counts.open(ip, 2).is_some());
        assert!(!counts.holds(other), "closed addresses are forgotten");
    }

    #[test]
    fn every_slot_gives_its_count_back() {
        let sockets = SocketCount::default();
        let a = sockets.open();
        let b = sockets.open();
        assert_eq!(sockets.get(), 2);
        drop(a);
        drop(b);
        assert_eq!(sockets.get(), 0);
    }
}
