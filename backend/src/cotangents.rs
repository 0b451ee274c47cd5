//! The inputs' side of a reverse pass at the outermost level: each input's cotangent (§8.1:
//! inputs keep their accumulated argument as the gradient), -0.0 (the identity of IEEE
//! addition: a sum starting at 0.0 would lose the sign of a -0.0 derivative) plus what each
//! call adds, in the order the calls come, and whether a call reached it (the others'
//! gradient is 0.0). An input array that a whole-array rule reaches (`add_scaled`: a dot
//! product's, a matrix row's) gets a block of its own, which the gradient takes as its array
//! without a copy: written by the first call to each input (-0.0 + d is d), added to after;
//! inputs reached one at a time outside such arrays live in an array of every input, made at
//! the first such call. An input lives in one of the two (a block takes over what the
//! array held of its inputs), so its sum is the same to the last bit however its calls come.
//! It holds numbers and knows nothing of the values they came from or go to.

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
    /// The blocks, disjoint, in order of their first input (found by a binary search). A
    /// block taken by the gradient is removed. Their room is kept between passes.
    blocks: VecDeque<Block>,
}

/// The cotangents of consecutive inputs, an input array's, which a whole-array rule reached.
struct Block {
    /// The first input.
    first: usize,
    /// The cotangents, 0.0 (the gradient) where no call reached the input yet.
    z: Vec<f64>,
    /// Which inputs a call reached: a call to one not reached is written (-0.0 + d is d).
    reached: Reached,
}

/// Which of a block's inputs (from its first) a call reached.
enum Reached {
    /// Those of a range: a whole array's call, or rows reached in order, makes one.
    Range(Range<usize>),
    /// Each input's flag, once the reached ones are not a range.
    Flags(Vec<bool>),
}

impl Reached {
    /// The inputs `range` reached too.
    fn mark(&mut self, range: Range<usize>, len: usize) {
        match self {
            Reached::Range(r) if Range::is_empty(r) => *r = range,
            Reached::Range(r) if touches(r, &range) => {
                *r = r.start.min(range.start)..r.end.max(range.end)
            }
            Reached::Range(r) => {
                let mut flags = vec![false; len];
                flags[r.clone()].fill(true);
                flags[range].fill(true);
                *self = Reached::Flags(flags);
            }
            Reached::Flags(flags) => flags[range].fill(true),
        }
    }
}

/// Whether ranges `a` and `b`, neither empty, overlap or meet: their union is a range.
fn touches(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start <= b.end && b.start <= a.end
}

impl Block {
    fn end(&self) -> usize {
        self.first + self.z.len()
    }

    /// `d` to the cotangent of the block's `j`-th input.
    fn add(&mut self, j: usize, d: f64) {
        let reached = match &self.reached {
            Reached::Range(r) => r.contains(&j),
            Reached::Flags(flags) => flags[j],
        };
        match reached {
            true => self.z[j] += d,
            false => self.z[j] = d,
        }
        self.reached.mark(j..j + 1, self.z.len());
    }

    /// To the block's inputs from its `at`-th on, `primals` (as many) times `z`.
    fn add_scaled(&mut self, at: usize, primals: &[f64], z: f64) {
        let range = at..at + primals.len();
        let (c, x) = (&mut self.z[range.clone()], primals);
        match &self.reached {
            Reached::Range(r) if !r.is_empty() && touches(r, &range) => {
                // Written before the reached range, added to within it, written after it.
                let lo = range.start.max(r.start).min(range.end) - at;
                let hi = range.end.min(r.end).max(lo + at) - at;
                write_scaled(&mut c[..lo], &x[..lo], z);
                add_scaled(&mut c[lo..hi], &x[lo..hi], z);
                write_scaled(&mut c[hi..], &x[hi..], z);
            }
            Reached::Range(_) => write_scaled(c, x, z),
            Reached::Flags(flags) => {
                let flags = &flags[range.clone()];
                if !any_unreached(flags) {
                    add_scaled(c, x, z);
                } else if !any_reached(flags) {
                    write_scaled(c, x, z);
                } else {
                    for ((c, r), x) in c.iter_mut().zip(flags).zip(x) {
                        *c = if *r { *c + x * z } else { x * z };
                    }
                }
            }
        }
        self.reached.mark(range, self.z.len());
    }
}

/// `cotangents` set to `primals` (as many) times `z`.
fn write_scaled(cotangents: &mut [f64], primals: &[f64], z: f64) {
    for (c, x) in cotangents.iter_mut().zip(primals) {
        *c = x * z;
    }
}

/// To `cotangents`, `primals` (as many) times `z`.
fn add_scaled(cotangents: &mut [f64], primals: &[f64], z: f64) {
    for (c, x) in cotangents.iter_mut().zip(primals) {
        *c += x * z;
    }
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
        self.blocks.partition_point(|b| b.first < k)
    }

    /// The index of the block holding input `k`.
    fn block_index(&self, k: usize) -> Option<usize> {
        let i = self.blocks_before(k + 1).checked_sub(1)?;
        (k < self.blocks[i].end()).then_some(i)
    }

    /// Whether a block holds any of the inputs `range`.
    fn overlaps_block(&self, range: &Range<usize>) -> bool {
        let i = self.blocks_before(range.end);
        i > 0 && range.start < self.blocks[i - 1].end()
    }

    /// The index of the block of exactly the inputs `range`.
    fn block_of_range(&self, range: &Range<usize>) -> Option<usize> {
        let i = self.blocks_before(range.start);
        let b = self.blocks.get(i)?;
        (b.first == range.start && b.z.len() == range.len()).then_some(i)
    }

    /// `d` added to the cotangent of input `k` (ID k + 1), which a call has now reached.
    #[inline]
    pub fn add(&mut self, k: usize, d: f64) {
        if let Some(i) = self.block_index(k) {
            let block = &mut self.blocks[i];
            block.add(k - block.first, d);
            return;
        }
        if self.dense.is_empty() {
            self.dense.resize(self.n, -0.0);
            self.reached.resize(self.n, false);
        }
        self.dense[k] += d;
        self.reached[k] = true;
    }

    /// To the inputs `inputs`, of the input array of the inputs `array`, `primals` (as many)
    /// times `z`, in order: into the array's block, made now if it has none.
    pub fn add_scaled(
        &mut self,
        inputs: Range<usize>,
        array: Range<usize>,
        primals: &[f64],
        z: f64,
    ) {
        if inputs.is_empty() {
            return;
        }
        let within = array.start <= inputs.start && inputs.end <= array.end;
        let array = if within { array } else { inputs.clone() };
        let block = match self.block_index(inputs.start) {
            Some(i) => Some(i),
            None if self.overlaps_block(&array) => None,
            None if inputs == array && !self.reached_one_at_a_time(&array) => {
                // (-0.0 + v is v.)
                let z = primals.iter().map(|x| x * z).collect();
                let reached = Reached::Range(0..array.len());
                self.insert_block(array.start, z, reached);
                return;
            }
            None => Some(self.new_block(array)),
        };
        match block.map(|i| &mut self.blocks[i]) {
            Some(block) if inputs.end <= block.end() => {
                block.add_scaled(inputs.start - block.first, primals, z)
            }
            _ => {
                for (k, x) in inputs.zip(primals) {
                    self.add(k, x * z);
                }
            }
        }
    }

    /// Whether a call reached any of the inputs `range` one at a time.
    fn reached_one_at_a_time(&self, range: &Range<usize>) -> bool {
        !self.dense.is_empty() && any_reached(&self.reached[range.clone()])
    }

    /// A block for the inputs `array`, which no block holds, with what calls added to them
    /// one at a time (moved out of the dense array); its index.
    fn new_block(&mut self, array: Range<usize>) -> usize {
        let mut z = vec![0.0; array.len()];
        let mut reached = Reached::Range(0..0);
        if self.reached_one_at_a_time(&array) {
            let mut flags = vec![false; array.len()];
            for (j, k) in array.clone().enumerate() {
                if std::mem::take(&mut self.reached[k]) {
                    z[j] = self.dense[k];
                    flags[j] = true;
                }
            }
            reached = Reached::Flags(flags);
        }
        self.insert_block(array.start, z, reached)
    }

    /// A block from input `first` on, among the others in order; its index.
    fn insert_block(&mut self, first: usize, z: Vec<f64>, reached: Reached) -> usize {
        let i = self.blocks_before(first);
        self.blocks.insert(i, Block { first, z, reached });
        i
    }

    /// The gradient of input `k` (from 0): its cotangent if a call reached it, else 0.
    pub fn at(&self, k: usize) -> Result<f64, String> {
        if k >= self.n {
            return Err(FEWER_INPUTS.into());
        }
        Ok(match self.block_index(k) {
            Some(i) => {
                let block = &self.blocks[i];
                block.z[k - block.first]
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
            return Ok(self.blocks.remove(i).map(|b| b.z).unwrap_or_default());
        }
        // The blocks from the one holding `range.start` (if any) to the last that starts inside.
        let from = self
            .block_index(range.start)
            .unwrap_or_else(|| self.blocks_before(range.start));
        let to = self.blocks_before(range.end);
        let mut out = Vec::with_capacity(range.len());
        let mut k = range.start;
        for block in self.blocks.range(from..to) {
            // (No block is empty, and each of these holds an input of `range`.)
            let (lo, hi) = (block.first.max(range.start), block.end().min(range.end));
            self.extend_dense(&mut out, k..lo);
            out.extend_from_slice(&block.z[lo - block.first..hi - block.first]);
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
        // The input array is inputs 0..5: input 2's first call comes one at a time, before
        // the array has a block.
        let primals = [1e16, 2.0, -3.0];
        let mut blocks = InputCotangents::default();
        blocks.start(6);
        blocks.add(2, 5.0);
        blocks.add_scaled(1..4, 0..5, &primals, 1.0);
        blocks.add(1, 1.0);
        blocks.add_scaled(1..4, 0..5, &[-1e16, 1.0, 1.0], 1.0);
        blocks.add(4, -0.0);
        blocks.add(5, 2.0);
        let mut singles = InputCotangents::default();
        singles.start(6);
        singles.add(2, 5.0);
        for (k, x) in primals.iter().enumerate() {
            singles.add(k + 1, *x);
        }
        singles.add(1, 1.0);
        for (k, x) in [-1e16, 1.0, 1.0].iter().enumerate() {
            singles.add(k + 1, *x);
        }
        singles.add(4, -0.0);
        singles.add(5, 2.0);
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
        c.add_scaled(0..3, 0..3, &[1.0, 2.0, 3.0], 2.0);
        c.add_scaled(3..6, 3..6, &[4.0, 5.0, 6.0], 1.0);
        assert_eq!(c.take_range(1..5), Ok(vec![4.0, 6.0, 4.0, 5.0]));
        assert_eq!(c.take_range(0..3), Ok(vec![2.0, 4.0, 6.0]));
        assert_eq!(c.take_range(3..7), Err(FEWER_INPUTS.into()));
        // A range partly reached one at a time: its block takes over what those calls added.
        let mut d = InputCotangents::default();
        d.start(3);
        d.add(1, 10.0);
        d.add_scaled(0..3, 0..3, &[1.0, 1.0, 1.0], 1.0);
        assert_eq!(gradient(&mut d), vec![1.0, 11.0, 1.0]);
    }

    #[test]
    fn a_matrix_is_one_block_its_rows_reach_and_its_gradient_is_read_across_blocks() {
        // `matVec`'s rule: each row's call goes to the matrix's block, the vector's one block
        // gets a call per row; the inputs after the matrix are reached one at a time. The same
        // calls as single adds give the same gradient, read whole or from the middle of a row,
        // whatever the order of the rows (a reverse pass makes them from the last), and rows
        // no call reached read 0.0.
        let rows = 300;
        let ascending: Vec<usize> = (0..rows).collect();
        let descending: Vec<usize> = (0..rows).rev().collect();
        let evens_first: Vec<usize> = (0..rows).step_by(2).chain((1..rows).step_by(2)).collect();
        let odds: Vec<usize> = (1..rows).step_by(2).collect();
        for order in [ascending, descending, evens_first, odds] {
            rows_in_order(rows, &order);
        }
    }

    fn rows_in_order(rows: usize, order: &[usize]) {
        let cols = 7;
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
            blocks.add_scaled(i * cols..(i + 1) * cols, matrix.clone(), &v, z);
            blocks.add_scaled(vector.clone(), vector.clone(), &row(i), z);
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
