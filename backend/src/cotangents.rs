//! The inputs' side of a reverse pass at the outermost level: each input's cotangent (§8.1:
//! inputs keep their accumulated argument as the gradient), -0.0 (the identity of IEEE
//! addition: a sum starting at 0.0 would lose the sign of a -0.0 derivative) plus what each
//! call adds, in the order the calls come, and whether a call reached it (the others'
//! gradient is 0.0). Consecutive inputs that a whole-array rule reaches first (`add_scaled`,
//! a dot product's) get a block of their own, written rather than added to, which the
//! gradient takes as its array without a copy; inputs reached one at a time live in an array
//! of every input, made at the first such call. An input lives in one of the two, so its sum
//! is the same to the last bit however its calls come. It holds numbers and knows nothing of
//! the values they came from or go to.

use std::collections::VecDeque;
use std::ops::Range;

/// The inputs' cotangents of one reverse pass (see the module comment).
#[derive(Default)]
pub struct InputCotangents {
    /// How many inputs there are (IDs 1 to `n`).
    n: usize,
    /// The cotangents of inputs reached one at a time and whether a call reached each: empty
    /// until the first such call, then of length `n` (kept between passes for their room).
    dense: Vec<f64>,
    reached: Vec<bool>,
    /// Ranges of inputs a whole-array rule reached first: (the first input, the cotangents),
    /// disjoint, none reached in `dense`, in order (a matrix's rows are a block each: found by
    /// a binary search, not a scan; rows made in either order go at an end). A block taken by
    /// the gradient is removed. Its room is kept between passes.
    blocks: VecDeque<(usize, Vec<f64>)>,
}

const FEWER_INPUTS: &str = "internal error: fewer inputs than the input's Doubles";

impl InputCotangents {
    /// No call yet, for `n` inputs.
    pub fn start(&mut self, n: usize) {
        self.n = n;
        self.dense.clear();
        self.reached.clear();
        self.blocks.clear();
    }

    /// The cotangents of `n` inputs, the `k`-th `Some` if a call reached it (another mode's).
    pub fn of(cotangents: Vec<Option<f64>>) -> InputCotangents {
        let (dense, reached) = cotangents
            .iter()
            .map(|z| (z.unwrap_or(0.0), z.is_some()))
            .unzip();
        InputCotangents {
            n: cotangents.len(),
            dense,
            reached,
            blocks: VecDeque::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    /// The room kept between passes (the dense array's).
    pub fn capacity(&self) -> usize {
        self.dense.capacity()
    }

    /// How many blocks start before input `k`.
    fn blocks_before(&self, k: usize) -> usize {
        self.blocks.partition_point(|(first, _)| *first < k)
    }

    /// The index of the block holding input `k`.
    fn block_index(&self, k: usize) -> Option<usize> {
        let i = self.blocks_before(k + 1).checked_sub(1)?;
        let (first, z) = &self.blocks[i];
        (k < first + z.len()).then_some(i)
    }

    /// The block holding input `k`: its first input and cotangents.
    fn block_of(&mut self, k: usize) -> Option<(usize, &mut Vec<f64>)> {
        let i = self.block_index(k)?;
        let (first, z) = &mut self.blocks[i];
        Some((*first, z))
    }

    /// Whether a block holds any of the inputs `range`.
    fn overlaps_block(&self, range: &Range<usize>) -> bool {
        let i = self.blocks_before(range.end);
        i > 0 && {
            let (first, b) = &self.blocks[i - 1];
            range.start < first + b.len()
        }
    }

    /// The index of the block of exactly the inputs `range`.
    fn block_of_range(&self, range: &Range<usize>) -> Option<usize> {
        let i = self.blocks_before(range.start);
        let (first, b) = self.blocks.get(i)?;
        (*first == range.start && b.len() == range.len()).then_some(i)
    }

    /// `d` added to the cotangent of input `k` (ID k + 1), which a call has now reached.
    #[inline]
    pub fn add(&mut self, k: usize, d: f64) {
        if let Some((first, block)) = self.block_of(k) {
            block[k - first] += d;
            return;
        }
        if self.dense.is_empty() {
            self.dense.resize(self.n, -0.0);
            self.reached.resize(self.n, false);
        }
        self.dense[k] += d;
        self.reached[k] = true;
    }

    /// To the inputs `inputs`, `primals` (as many) times `z`, in order: a new block when no call
    /// reached any of them yet.
    pub fn add_scaled(&mut self, inputs: Range<usize>, primals: &[f64], z: f64) {
        if inputs.is_empty() {
            return;
        }
        let untouched = !self.overlaps_block(&inputs)
            && (self.dense.is_empty() || !any_reached(&self.reached[inputs.clone()]));
        if untouched {
            // (-0.0 + v is v.)
            let block = primals.iter().map(|x| x * z).collect();
            let i = self.blocks_before(inputs.start);
            self.blocks.insert(i, (inputs.start, block));
            return;
        }
        match self.block_of_range(&inputs) {
            Some(i) => {
                for (c, x) in self.blocks[i].1.iter_mut().zip(primals) {
                    *c += x * z;
                }
            }
            None => {
                for (k, x) in inputs.zip(primals) {
                    self.add(k, x * z);
                }
            }
        }
    }

    /// The gradient of input `k` (from 0): its cotangent if a call reached it, else 0.
    pub fn at(&self, k: usize) -> Result<f64, String> {
        if k >= self.n {
            return Err(FEWER_INPUTS.into());
        }
        Ok(match self.block_index(k) {
            Some(i) => {
                let (first, block) = &self.blocks[i];
                block[k - first]
            }
            None => self.dense_at(k),
        })
    }

    /// The gradient of input `k`, which no block holds.
    fn dense_at(&self, k: usize) -> f64 {
        match self.reached.get(k) {
            Some(true) => self.dense[k],
            _ => 0.0,
        }
    }

    /// The gradient of the inputs `range`: a block of exactly those inputs itself (taken: a
    /// range is asked for once), else, in order, the blocks' parts and the dense array's
    /// between them (an input lives in one of them).
    pub fn take_range(&mut self, range: Range<usize>) -> Result<Vec<f64>, String> {
        if range.end > self.n {
            return Err(FEWER_INPUTS.into());
        }
        if let Some(i) = self.block_of_range(&range) {
            return Ok(self.blocks.remove(i).map(|(_, z)| z).unwrap_or_default());
        }
        // The blocks from the one holding `range.start` (if any) to the last that starts inside.
        let from = self
            .block_index(range.start)
            .unwrap_or_else(|| self.blocks_before(range.start));
        let to = self.blocks_before(range.end);
        let mut out = Vec::with_capacity(range.len());
        let mut k = range.start;
        for (first, block) in self.blocks.range(from..to) {
            // (No block is empty, and each of these holds an input of `range`.)
            let (lo, hi) = (
                *first.max(&range.start),
                (first + block.len()).min(range.end),
            );
            self.extend_dense(&mut out, k..lo);
            out.extend_from_slice(&block[lo - first..hi - first]);
            k = hi;
        }
        self.extend_dense(&mut out, k..range.end);
        Ok(out)
    }

    /// `out` extended with the gradients of the inputs `range`, which no block holds.
    fn extend_dense(&self, out: &mut Vec<f64>, range: Range<usize>) {
        if self.dense.is_empty() {
            out.resize(out.len() + range.len(), 0.0);
        } else if !any_unreached(&self.reached[range.clone()]) {
            out.extend_from_slice(&self.dense[range]);
        } else {
            out.extend(range.map(|k| self.dense_at(k)));
        }
    }
}

/// The bytes of a slice of `bool`s (one byte each, 0 or 1), searched as bytes: vectorised.
fn bytes(flags: &[bool]) -> &[u8] {
    // SAFETY: a `bool` is one initialised byte, 0 or 1.
    unsafe { std::slice::from_raw_parts(flags.as_ptr().cast::<u8>(), flags.len()) }
}

fn any_reached(flags: &[bool]) -> bool {
    bytes(flags).contains(&1)
}

fn any_unreached(flags: &[bool]) -> bool {
    bytes(flags).contains(&0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gradient(c: &mut InputCotangents) -> Vec<f64> {
        c.take_range(0..c.len()).expect("every input")
    }

    #[test]
    fn each_input_sums_its_calls_in_order_wherever_it_lives() {
        // The same calls as blocks and as single adds give the same bits: 1e16 + 1 - 1e16 is
        // 0 in order where another order would give 1.
        let primals = [1e16, 2.0, -3.0];
        let mut blocks = InputCotangents::default();
        blocks.start(5);
        blocks.add_scaled(1..4, &primals, 1.0);
        blocks.add(1, 1.0);
        blocks.add_scaled(1..4, &[-1e16, 1.0, 1.0], 1.0);
        blocks.add(4, -0.0);
        let mut singles = InputCotangents::default();
        singles.start(5);
        for (k, x) in primals.iter().enumerate() {
            singles.add(k + 1, *x);
        }
        singles.add(1, 1.0);
        for (k, x) in [-1e16, 1.0, 1.0].iter().enumerate() {
            singles.add(k + 1, *x);
        }
        singles.add(4, -0.0);
        let (a, b) = (gradient(&mut blocks), gradient(&mut singles));
        assert_eq!(
            a.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
            b.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
        );
        assert_eq!(a[1], 0.0);
        // Input 0 was never reached: +0.0; input 4 was, with -0.0: -0.0.
        assert!(a[0] == 0.0 && a[0].is_sign_positive());
        assert!(a[4] == 0.0 && a[4].is_sign_negative());
    }

    #[test]
    fn a_block_is_the_gradient_of_its_range_and_ranges_across_blocks_are_read() {
        let mut c = InputCotangents::default();
        c.start(6);
        c.add_scaled(0..3, &[1.0, 2.0, 3.0], 2.0);
        c.add_scaled(3..6, &[4.0, 5.0, 6.0], 1.0);
        assert_eq!(c.take_range(1..5), Ok(vec![4.0, 6.0, 4.0, 5.0]));
        assert_eq!(c.take_range(0..3), Ok(vec![2.0, 4.0, 6.0]));
        assert_eq!(c.take_range(3..7), Err(FEWER_INPUTS.into()));
        // A range partly reached one at a time is added to input by input.
        let mut d = InputCotangents::default();
        d.start(3);
        d.add(1, 10.0);
        d.add_scaled(0..3, &[1.0, 1.0, 1.0], 1.0);
        assert_eq!(gradient(&mut d), vec![1.0, 11.0, 1.0]);
    }

    #[test]
    fn a_matrixs_rows_are_a_block_each_and_its_gradient_reads_across_them() {
        // `matVec`'s rule: each row's inputs get a block, the vector's one block gets a call
        // per row; the inputs after the matrix are reached one at a time. The same calls as
        // single adds give the same gradient, read whole or from the middle of a row, whatever
        // the order of the rows (a reverse pass makes them from the last).
        let rows = 300;
        let ascending: Vec<usize> = (0..rows).collect();
        let descending: Vec<usize> = (0..rows).rev().collect();
        let evens_first: Vec<usize> = (0..rows).step_by(2).chain((1..rows).step_by(2)).collect();
        for order in [ascending, descending, evens_first] {
            rows_in_order(&order);
        }
    }

    fn rows_in_order(order: &[usize]) {
        let (rows, cols) = (order.len(), 7);
        let (matrix, vector) = (0..rows * cols, rows * cols..rows * cols + cols);
        let n = vector.end + 2;
        let row =
            |i: usize| -> Vec<f64> { (0..cols).map(|j| (i * cols + j) as f64 * 0.5).collect() };
        let v: Vec<f64> = (0..cols).map(|j| 1.0 - j as f64).collect();
        let (mut blocks, mut singles) = (InputCotangents::default(), InputCotangents::default());
        blocks.start(n);
        singles.start(n);
        for &i in order {
            let z = i as f64 - 7.25;
            blocks.add_scaled(i * cols..(i + 1) * cols, &v, z);
            blocks.add_scaled(vector.clone(), &row(i), z);
            for j in 0..cols {
                singles.add(i * cols + j, v[j] * z);
                singles.add(vector.start + j, row(i)[j] * z);
            }
        }
        for c in [&mut blocks, &mut singles] {
            c.add(n - 1, 3.0);
            c.add(2 * cols + 3, 1.0);
        }
        let middle = 5 * cols + 2..9 * cols + 4;
        assert_eq!(
            blocks.take_range(middle.clone()),
            singles.take_range(middle)
        );
        for k in [2 * cols + 3, vector.start + 1] {
            assert_eq!(blocks.at(k), singles.at(k));
        }
        // (A range is taken once: the whole gradient last.)
        let (a, b) = (gradient(&mut blocks), gradient(&mut singles));
        let first = a
            .iter()
            .zip(&b)
            .position(|(x, y)| x.to_bits() != y.to_bits());
        assert_eq!(first, None, "{:?}", first.map(|k| (a[k], b[k])));
        assert_eq!(a[matrix.end + cols], 0.0);
    }
}
