//! A map of nested scopes: bindings pushed in order, the latest binding of a key shadowing
//! earlier ones, and `truncate` dropping every binding made since a `len()`. Looking a key up
//! costs the same however many bindings are in scope (a hash index of each key's bindings),
//! so a pass over an expression nested `n` deep is not quadratic in `n` (a global looked up
//! under 10⁴ `let`s). It keeps bindings only: what a binding means is the user's business.

use std::collections::HashMap;
use std::hash::Hash;

pub struct ScopedMap<K, V> {
    /// Every binding in scope, oldest first.
    entries: Vec<(K, V)>,
    /// For each key, the positions in `entries` of its bindings, oldest first.
    index: HashMap<K, Vec<usize>>,
}

impl<K: Clone + Eq + Hash, V> Default for ScopedMap<K, V> {
    fn default() -> Self {
        ScopedMap {
            entries: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl<K: Clone + Eq + Hash, V> ScopedMap<K, V> {
    pub fn push(&mut self, key: K, value: V) {
        self.index
            .entry(key.clone())
            .or_default()
            .push(self.entries.len());
        self.entries.push((key, value));
    }

    /// The number of bindings in scope (a mark to `truncate` back to).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Drop the bindings made after the first `len`.
    pub fn truncate(&mut self, len: usize) {
        while self.entries.len() > len {
            let Some((key, _)) = self.entries.pop() else {
                break;
            };
            if let Some(positions) = self.index.get_mut(&key) {
                positions.pop();
                if positions.is_empty() {
                    self.index.remove(&key);
                }
            }
        }
    }

    pub fn pop(&mut self) {
        self.truncate(self.entries.len().saturating_sub(1));
    }

    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// The position of the latest binding of `key` (compare with a `len()` to tell whether it
    /// was made in the current scope).
    pub fn position<Q>(&self, key: &Q) -> Option<usize>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.index.get(key).and_then(|p| p.last().copied())
    }

    /// The latest binding of `key`.
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// Every binding in scope, oldest first (shadowed ones included).
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::ScopedMap;

    #[test]
    fn inner_bindings_shadow_and_truncation_restores() {
        let mut m: ScopedMap<String, i32> = ScopedMap::default();
        m.push("x".into(), 1);
        let mark = m.len();
        m.push("x".into(), 2);
        m.push("y".into(), 3);
        assert_eq!(m.get("x"), Some(&2));
        assert_eq!(m.position("x"), Some(1));
        m.truncate(mark);
        assert_eq!(m.get("x"), Some(&1));
        assert_eq!(m.get("y"), None);
        m.pop();
        assert!(m.is_empty() && m.get("x").is_none());
    }
}
