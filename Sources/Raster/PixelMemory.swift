// Pixel memory: the only file in Raster that touches raw pointers.
//
// Why this door exists. The kernels (coverage rows, blends, gradients, shadows, resizing) run their
// inner loops over millions of pixels per frame. Array subscripts there cost a bounds check per read and
// a uniqueness check per write, and the checks can keep loops from vectorising: the kernels need plain
// loads and stores in release builds. Rather than each kernel taking raw pointers, they read and write
// memory through the four view types below, lent by the `with…` accessors at the end of this file.
// Nothing else in Raster may call `withUnsafe…`, hold an `Unsafe…Pointer` or make arrays with
// uninitialized storage; a test (MemoryDoorTests) fails when another file does.
//
// The views. `Row` (read-only) and `MutableRow`: elements addressed by an Int index over one index range
// — a pixel row, a row of weights, a lookup table. A row may be indexed from any first index (often the
// absolute x of its first pixel), and `advanced(by:)` re-indexes it the way pointer arithmetic would.
// `Plane` and `MutablePlane`: rows of one width stacked without padding, with an origin (a PixelBuffer's
// pixels or bytes, a CoverageMask over its bounds, an array used as a grid); `row(y)` is one of them,
// indexed by x from the plane's origin.
//
// Invariants the kernels rely on and keep:
// • Lifetime. A view is valid only inside the closure it is lent to: it must not be stored outside it,
//   returned from it or captured by an escaping closure. The types cannot enforce this; it holds because
//   every view in Raster is used within the closure of one `with…` call.
// • Bounds. A lend covers exactly the memory it is given: an array's elements, or a PixelBuffer's
//   width × height pixels and a CoverageMask's bounds — those two are checked in release builds too, on
//   every lend, because `bytes` and `values` are public and may have been resized. Inside a lend, every
//   access (subscript, load, store, range update, row of a plane) is checked against the view's bounds in
//   debug builds, where the test suite runs, and unchecked in release builds, where the kernels need the
//   speed. A release row is one pointer and a plane a pointer, its size and origin: the same code as the
//   pointer arithmetic they replace. (All the checking is in `DebugBounds`.) The per-element accessors
//   are `@_transparent` so that debug builds inline them too: a generic call per pixel access would make
//   the test suite markedly slower. Release builds inline them either way.
// • Aliasing. A mutable view comes from a mutating access to its array, which first makes the storage
//   unique (copy-on-write), and Swift's exclusivity rule forbids any other access to that array while the
//   closure runs. So no two mutable views of different lends share memory, and no read-only view sees
//   memory a mutable view writes, except the mutable view's own `readOnly`. Rows of one plane never
//   overlap; a kernel may hold several at once (e.g. copy one row into the next).
// • Element types are BitwiseCopyable: no reference counts and no deinitialisers, so memory may be
//   copied byte for byte, left uninitialized until written, and read as wider values — four RGBA bytes
//   as one little-endian UInt32 word, two or four pixels as one SIMD value (`load`/`store`, unaligned).
//
// The standard library's Span and MutableSpan would have the compiler check the lifetime, but they check
// every index in release builds unless each access is spelled `[unchecked:]`. These views keep one
// spelling for both builds; their lifetime rule is kept by hand, and in this file only.
//
// Other modules get no views: what they need of pixel memory (copying a region, a mask of the alpha
// channel, a per-pixel blend, the differing pixels of two images) is an operation in PixelOperations.swift.
import Foundation   // memcmp

// MARK: - Rows

/// Read-only elements of lent memory, addressed by index (see the file comment for the rules).
struct Row<Element: BitwiseCopyable> {
    /// The address of index 0, which may lie outside the valid indices (rows indexed by absolute x).
    fileprivate let origin: UnsafePointer<Element>
    fileprivate let bounds: DebugBounds

    @_transparent
    fileprivate init(origin: UnsafePointer<Element>, bounds: DebugBounds) {
        self.origin = origin
        self.bounds = bounds
    }

    subscript(i: Int) -> Element {
        @_transparent get {
            bounds.check(i)
            return origin[i]
        }
    }

    /// The same memory indexed so that index i of the result is index i + k here.
    @_transparent
    func advanced(by k: Int) -> Row { Row(origin: origin + k, bounds: bounds.shifted(by: -k)) }

    /// The `T` whose bytes begin at index i (unaligned): e.g. two pixel words as one UInt64.
    @_transparent
    func load<T: BitwiseCopyable>(_: T.Type, at i: Int) -> T {
        bounds.check(i, bytes: MemoryLayout<T>.size, of: Element.self)
        return UnsafeRawPointer(origin + i).loadUnaligned(as: T.self)
    }
}

extension Row {
    /// Whether `other[i]` holds the same bytes as `self[i]` for every i in `indices`: one memcmp, and no
    /// read at all when both rows are the same memory (a buffer compared with a copy that shares storage).
    @inline(__always)
    func bytesEqual(_ other: Row<Element>, over indices: Range<Int>) -> Bool {
        bounds.check(indices)
        other.bounds.check(indices)
        if indices.isEmpty { return true }
        let mine = origin + indices.lowerBound, theirs = other.origin + indices.lowerBound
        return mine == theirs || memcmp(mine, theirs, indices.count * MemoryLayout<Element>.stride) == 0
    }
}

/// Mutable elements of lent memory, addressed by index (see the file comment for the rules). A `let`
/// row may be written through: the row is a view, the memory belongs to the lender.
struct MutableRow<Element: BitwiseCopyable> {
    /// The address of index 0, which may lie outside the valid indices (rows indexed by absolute x).
    fileprivate let origin: UnsafeMutablePointer<Element>
    fileprivate let bounds: DebugBounds

    @_transparent
    fileprivate init(origin: UnsafeMutablePointer<Element>, bounds: DebugBounds) {
        self.origin = origin
        self.bounds = bounds
    }

    subscript(i: Int) -> Element {
        @_transparent get {
            bounds.check(i)
            return origin[i]
        }
        @_transparent nonmutating set {
            bounds.check(i)
            origin[i] = newValue
        }
    }

    /// The same memory, read-only, with the same indices.
    var readOnly: Row<Element> {
        @_transparent get { Row(origin: UnsafePointer(origin), bounds: bounds) }
    }

    /// The same memory indexed so that index i of the result is index i + k here.
    @_transparent
    func advanced(by k: Int) -> MutableRow { MutableRow(origin: origin + k, bounds: bounds.shifted(by: -k)) }

    /// The `T` whose bytes begin at index i (unaligned).
    @_transparent
    func load<T: BitwiseCopyable>(_: T.Type, at i: Int) -> T {
        bounds.check(i, bytes: MemoryLayout<T>.size, of: Element.self)
        return UnsafeRawPointer(origin + i).loadUnaligned(as: T.self)
    }

    /// Writes the bytes of `value` from index i on (unaligned): e.g. four pixel words as one SIMD value.
    @_transparent
    func store<T: BitwiseCopyable>(_ value: T, at i: Int) {
        bounds.check(i, bytes: MemoryLayout<T>.size, of: Element.self)
        UnsafeMutableRawPointer(origin + i).storeBytes(of: value, as: T.self)
    }

    /// Sets the elements at `indices` to `value`.
    @_transparent
    func update(_ indices: Range<Int>, repeating value: Element) {
        bounds.check(indices)
        (origin + indices.lowerBound).update(repeating: value, count: indices.count)
    }

    /// Copies `source[i]` into `self[i]` for each i in `indices` (the two may be distinct rows of one plane).
    @_transparent
    func update(_ indices: Range<Int>, from source: Row<Element>) {
        bounds.check(indices)
        source.bounds.check(indices)
        (origin + indices.lowerBound).update(from: source.origin + indices.lowerBound, count: indices.count)
    }

    @_transparent
    func update(_ indices: Range<Int>, from source: MutableRow<Element>) { update(indices, from: source.readOnly) }
}

/// The indices a view may use. Debug builds keep them and check every access (the test suite runs the
/// kernels this way); release builds keep nothing and check nothing, so a row is just its pointer.
fileprivate struct DebugBounds {
    #if DEBUG
    let indices: Range<Int>

    @_transparent init(_ indices: Range<Int>) { self.indices = indices }

    @_transparent func check(_ i: Int) {
        if i < indices.lowerBound || i >= indices.upperBound { outOfBounds("index \(i)", indices) }
    }

    @_transparent func check(_ range: Range<Int>) {
        if !range.isEmpty && (range.lowerBound < indices.lowerBound || range.upperBound > indices.upperBound) {
            outOfBounds("indices \(range)", indices)
        }
    }

    /// `bytes` bytes from index i on, in a view of `Element`s.
    @_transparent func check<Element>(_ i: Int, bytes: Int, of: Element.Type) {
        let stride = MemoryLayout<Element>.stride
        if i < indices.lowerBound || i * stride + bytes > indices.upperBound * stride {
            outOfBounds("\(bytes) bytes at index \(i)", indices)
        }
    }

    @_transparent func shifted(by d: Int) -> DebugBounds { DebugBounds((indices.lowerBound + d)..<(indices.upperBound + d)) }
    #else
    @_transparent init(_ indices: @autoclosure () -> Range<Int>) {}
    @_transparent func check(_ i: Int) {}
    @_transparent func check(_ range: Range<Int>) {}
    @_transparent func check<Element>(_ i: Int, bytes: Int, of: Element.Type) {}
    @_transparent func shifted(by d: Int) -> DebugBounds { self }
    #endif
}

#if DEBUG
/// Kept out of line so that the checks inlined into every access stay two comparisons.
@inline(never)
private func outOfBounds(_ what: String, _ indices: Range<Int>) -> Never {
    preconditionFailure("\(what) outside \(indices)")
}
#endif

// MARK: - Planes

/// Read-only rows of `width` elements stacked without padding; row y (originY ..< originY + height) is
/// indexed by x from `originX` (the element at (x, y) lies (y − originY)·width + x − originX elements from
/// the start).
struct Plane<Element: BitwiseCopyable> {
    fileprivate let start: UnsafePointer<Element>
    let width: Int, height: Int
    fileprivate let originX: Int, originY: Int

    @_transparent
    fileprivate init(start: UnsafePointer<Element>, width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        self.start = start; self.width = width; self.height = height; self.originX = originX; self.originY = originY
    }

    /// Row y, indexed by x in originX ..< originX + width.
    @_transparent
    func row(_ y: Int) -> Row<Element> {
        DebugBounds(originY..<(originY + height)).check(y)
        // Wrapping arithmetic: a valid row's offset lies within the lent memory, so it cannot overflow
        // (and debug builds have just checked the row); overflow checks here would cost in inner loops.
        return Row(origin: start + ((y &- originY) &* width &- originX), bounds: DebugBounds(originX..<(originX + width)))
    }
}

/// Mutable rows of `width` elements stacked without padding (see `Plane`).
struct MutablePlane<Element: BitwiseCopyable> {
    fileprivate let start: UnsafeMutablePointer<Element>
    let width: Int, height: Int
    fileprivate let originX: Int, originY: Int

    @_transparent
    fileprivate init(start: UnsafeMutablePointer<Element>, width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        self.start = start; self.width = width; self.height = height; self.originX = originX; self.originY = originY
    }

    /// Row y, indexed by x in originX ..< originX + width.
    @_transparent
    func row(_ y: Int) -> MutableRow<Element> {
        DebugBounds(originY..<(originY + height)).check(y)
        return MutableRow(origin: start + ((y &- originY) &* width &- originX),   // wrapping: see Plane.row
                          bounds: DebugBounds(originX..<(originX + width)))
    }

    /// Sets every element to `value`.
    @_transparent
    func update(repeating value: Element) {
        start.update(repeating: value, count: width * height)
    }

    /// Copies rows `rows` of `source` (same width and origin) into the same rows here, as one block.
    @_transparent
    func update(rows: Range<Int>, from source: Plane<Element>) {
        precondition(source.width == width && source.originX == originX && source.originY == originY, "planes differ")
        DebugBounds(originY..<(originY + height)).check(rows)
        DebugBounds(originY..<(originY + source.height)).check(rows)
        let offset = (rows.lowerBound - originY) * width
        (start + offset).update(from: source.start + offset, count: rows.count * width)
    }
}

// MARK: - Lending
//
// Arrays lend their elements as a row (`withRow`, `withMutableRow`) or as a plane of rows of a given width
// (`withPlane`, `withMutablePlane`); a PixelBuffer lends its pixels as words (`withPixels`,
// `withMutablePixels`) or bytes (`withBytes`, `withMutableBytes`); a CoverageMask lends its values in the
// target's pixel space (`withValues`, `withMutableValues`, and `withValues(of:)` for an optional clip).

/// A non-null address for views of no elements (an empty array may have no storage); never read.
@inline(__always)
private func placeholder<Element>(_: Element.Type) -> UnsafeMutablePointer<Element> {
    UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
}

extension Array where Element: BitwiseCopyable {
    /// The elements as a row indexed from `first` (indices first ..< first + count).
    @inline(__always)
    func withRow<R>(indexedFrom first: Int = 0, _ body: (Row<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress ?? UnsafePointer(placeholder(Element.self))
            return try body(Row(origin: start - first, bounds: DebugBounds(first..<(first + buffer.count))))
        }
    }

    /// The elements as a mutable row indexed from `first` (indices first ..< first + count).
    @inline(__always)
    mutating func withMutableRow<R>(indexedFrom first: Int = 0, _ body: (MutableRow<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress ?? placeholder(Element.self)
            return try body(MutableRow(origin: start - first, bounds: DebugBounds(first..<(first + buffer.count))))
        }
    }

    /// The elements as rows of `width` (the count a multiple of it), row y starting at element
    /// (y − originY)·width and indexed by x from `originX`.
    @inline(__always)
    func withPlane<R>(width: Int, originX: Int = 0, originY: Int = 0, _ body: (Plane<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress ?? UnsafePointer(placeholder(Element.self))
            return try body(Plane(start: start, width: width, height: rowCount(buffer.count, width),
                                  originX: originX, originY: originY))
        }
    }

    /// The elements as mutable rows of `width` (see `withPlane`).
    @inline(__always)
    mutating func withMutablePlane<R>(width: Int, originX: Int = 0, originY: Int = 0,
                                      _ body: (MutablePlane<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress ?? placeholder(Element.self)
            return try body(MutablePlane(start: start, width: width, height: rowCount(buffer.count, width),
                                         originX: originX, originY: originY))
        }
    }

    /// `count` elements whose values are unspecified until written, for callers that write every element
    /// before reading any (it saves clearing memory that is about to be overwritten).
    @inline(__always)
    init(uninitializedCount count: Int) {
        self.init(unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}

/// The number of rows of `width` in `count` elements (which must be whole rows; checked in debug builds).
@inline(__always)
private func rowCount(_ count: Int, _ width: Int) -> Int {
    #if DEBUG
    precondition(width > 0 ? count % width == 0 : count == 0, "\(count) elements are not rows of \(width)")
    #endif
    return width > 0 ? count / width : 0
}

extension Array where Element == UInt8 {
    /// The bytes of `count` pixels, each `word` (r in the low byte).
    init(pixels count: Int, repeating word: UInt32) {
        self.init(unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            if count > 0 {
                buffer.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: count) {
                    $0.initialize(repeating: word, count: count)
                }
            }
            initialized = count * 4
        }
    }
}

extension PixelBuffer {
    /// `bytes` is a public var: check it still holds width × height pixels before any pointer arithmetic.
    @inline(__always)
    func checkSize() {
        precondition(bytes.count == width * height * 4,
                     "PixelBuffer \(width)×\(height) holds \(bytes.count) bytes, not \(width * height * 4)")
    }

    /// The pixels as words (r in the low byte, a in the high byte): row y, indexed by x.
    @inline(__always)
    func withPixels<R>(_ body: (Plane<UInt32>) throws -> R) rethrows -> R {
        checkSize()
        let width = self.width, height = self.height
        return try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, width * height > 0 else {
                return try body(Plane(start: UnsafePointer(placeholder(UInt32.self)), width: width, height: 0))
            }
            return try base.withMemoryRebound(to: UInt32.self, capacity: width * height) {
                try body(Plane(start: $0, width: width, height: height))
            }
        }
    }

    /// The pixels as mutable words: row y, indexed by x.
    @inline(__always)
    mutating func withMutablePixels<R>(_ body: (MutablePlane<UInt32>) throws -> R) rethrows -> R {
        checkSize()
        let width = self.width, height = self.height
        return try bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, width * height > 0 else {
                return try body(MutablePlane(start: placeholder(UInt32.self), width: width, height: 0))
            }
            return try base.withMemoryRebound(to: UInt32.self, capacity: width * height) {
                try body(MutablePlane(start: $0, width: width, height: height))
            }
        }
    }

    /// The pixels as bytes (r, g, b, a for each pixel): row y holds width × 4 of them.
    @inline(__always)
    func withBytes<R>(_ body: (Plane<UInt8>) throws -> R) rethrows -> R {
        checkSize()
        let rowBytes = width * 4, height = self.height
        return try bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress ?? UnsafePointer(placeholder(UInt8.self))
            return try body(Plane(start: start, width: rowBytes, height: height))
        }
    }

    /// The pixels as mutable bytes (r, g, b, a for each pixel): row y holds width × 4 of them.
    @inline(__always)
    mutating func withMutableBytes<R>(_ body: (MutablePlane<UInt8>) throws -> R) rethrows -> R {
        checkSize()
        let rowBytes = width * 4, height = self.height
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress ?? placeholder(UInt8.self)
            return try body(MutablePlane(start: start, width: rowBytes, height: height))
        }
    }
}

extension CoverageMask {
    /// `values` is a public var: check it still matches `bounds` before any pointer arithmetic.
    @inline(__always)
    func checkSize() {
        precondition(values.count == Swift.max(0, bounds.width) * Swift.max(0, bounds.height),
                     "CoverageMask over \(bounds) holds \(values.count) values")
    }

    /// The values in the target's pixel space: row y (bounds.y ..< maxY), indexed by x (bounds.x ..< maxX).
    @inline(__always)
    func withValues<R>(_ body: (Plane<UInt8>) throws -> R) rethrows -> R {
        try Self.withValues(of: self) { try body($0!) }
    }

    /// The values as mutable rows in the target's pixel space (see `withValues`).
    @inline(__always)
    mutating func withMutableValues<R>(_ body: (MutablePlane<UInt8>) throws -> R) rethrows -> R {
        checkSize()
        let b = bounds
        return try values.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress ?? placeholder(UInt8.self)
            return try body(MutablePlane(start: start, width: b.width, height: b.height, originX: b.x, originY: b.y))
        }
    }

    /// A clip's values as `withValues` gives them, or nil without a clip.
    @inline(__always)
    static func withValues<R>(of clip: CoverageMask?, _ body: (Plane<UInt8>?) throws -> R) rethrows -> R {
        clip?.checkSize()
        let values = clip?.values ?? []
        return try values.withUnsafeBufferPointer { buffer in
            guard let clip else { return try body(nil) }
            let start = buffer.baseAddress ?? UnsafePointer(placeholder(UInt8.self))
            let b = clip.bounds
            return try body(Plane(start: start, width: b.width, height: b.height, originX: b.x, originY: b.y))
        }
    }
}

/// `value` as a row whose one valid index is `index` (for a row kernel asked for a single element).
@inline(__always)
func withMutableRow<Element: BitwiseCopyable, R>(over value: inout Element, at index: Int,
                                                 _ body: (MutableRow<Element>) throws -> R) rethrows -> R {
    try withUnsafeMutablePointer(to: &value) {
        try body(MutableRow(origin: $0 - index, bounds: DebugBounds(index..<(index + 1))))
    }
}
