//! `--max-heap`: its SIZE syntax, its default (a share of the machine's memory) and the gauge a
//! run reads the counting allocator (`crate::alloc`) through. The gauge counts only when that
//! allocator is the global one (the `dnrad` binary); elsewhere the count stays 0 and there is
//! no limit. This module must not read or decide anything else about the allocator.

use dnrad_backend::HeapGauge;

/// The share of the machine's memory a run may use by default: 3/4, leaving room for the
/// allocator's rounding and retained pages, which the count does not include.
const DEFAULT_SHARE: (u64, u64) = (3, 4);

/// A size in bytes: a positive whole number, optionally followed by K, M, G or T (powers of
/// 1024, either case), as in `512K`, `100M`, `2G`.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let error = || format!("`{text}` is not a size in bytes (such as 512K, 100M or 2G, not 0)");
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let shift = match &text[digits.len()..] {
        "" => 0,
        "K" | "k" => 10,
        "M" | "m" => 20,
        "G" | "g" => 30,
        "T" | "t" => 40,
        _ => return Err(error()),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error());
    }
    let n: usize = digits.parse().map_err(|_| error())?;
    n.checked_mul(1 << shift)
        .filter(|&bytes| bytes > 0)
        .ok_or_else(error)
}

/// The default heap limit: `DEFAULT_SHARE` of the machine's memory (`MemTotal` in
/// `/proc/meminfo`) or of the cgroup's limit when that is smaller; none when neither is known.
pub fn default_max_heap() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let total = meminfo.as_deref().and_then(mem_total);
    let cgroup = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .find_map(|path| {
        std::fs::read_to_string(path)
            .ok()?
            .trim()
            .parse::<u64>()
            .ok()
    });
    let memory = match (total, cgroup) {
        (Some(t), Some(c)) => t.min(c),
        (t, c) => t.or(c)?,
    };
    let (num, den) = DEFAULT_SHARE;
    usize::try_from(memory / den * num).ok()
}

/// The `MemTotal` of `/proc/meminfo`'s text, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let n: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => n.checked_mul(1024),
        None => Some(n),
        Some(_) => None,
    }
}

/// The gauge of a heap limit of `max` bytes, read from the counting allocator.
pub fn gauge(max: usize) -> HeapGauge {
    crate::alloc::set_limit(max);
    HeapGauge {
        max,
        live: crate::alloc::live_bytes,
        over: &crate::alloc::OVER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_a_unit_of_a_power_of_1024() {
        assert_eq!(parse_size("100M"), Ok(100 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert_eq!(parse_size("4096"), Ok(4096));
        for bad in [
            "0",
            "0M",
            "",
            "M",
            "10X",
            "1.5G",
            "-1M",
            "10MB",
            " 1M",
            "99999999999T",
        ] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn mem_total_reads_kilobytes() {
        let text = "MemTotal:       16303432 kB\nMemFree:         1000 kB\n";
        assert_eq!(mem_total(text), Some(16_303_432 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
    }
}
