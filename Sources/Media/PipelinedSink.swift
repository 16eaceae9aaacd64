// Rendering and encoding on different cores: the caller renders frame n + 1 while other threads encode
// frame n, through a queue of fixed depth, so memory stays flat whatever the clip's length.
import Foundation
import Raster

/// A sink that hands each frame to encoder threads and returns at once, unless `depth` frames already wait.
///
/// - A stateful sink (MP4, GIF, APNG, one PNG) encodes on one thread, in order.
/// - A PNG sequence compresses frames on `workers` threads at once and writes the files in order; the
///   bytes of every file are those of `PNGSequenceSink.append` whatever the thread count.
///
/// Memory: at most `depth + workers` frames are held (queued or being encoded) at any time. Each frame is
/// copied into one of a few recycled buffers before it is queued, so the renderer keeps its own frame's
/// storage (its damage path draws in place) and a long clip touches no new frame memory.
///
/// Errors: an encoder error stops the pipeline; the next `append` or `finish` throws it (the frame being
/// rendered is the last). `cancel()` stops the encoder threads after the frame each is on and cancels the
/// wrapped sink, so its atomic output leaves nothing behind. Like any sink, it is used from one thread.
public final class PipelinedSink: FrameSink {
    /// Frames waiting for an encoder, besides those being encoded: enough to ride out a slow frame on
    /// either side, few enough that a 3× frame (12 MB) times it is small.
    public static let defaultDepth = 2

    /// The wrapped sink (finished or cancelled on the caller's thread once the encoders have stopped).
    private let sink: FrameSink
    private let core: Core
    /// Checks a frame on the caller's thread before it is queued (a PNG sequence's frame size).
    private let admit: (PixelBuffer) throws -> Void
    /// Recycled frame storage (the caller's thread only).
    private var pool: [PixelBuffer]
    private var poolNext = 0
    private var state = SinkState.open

    /// Encodes `sink`'s frames on one other thread, `depth` frames queued at most.
    public convenience init(_ sink: FrameSink, depth: Int = PipelinedSink.defaultDepth) {
        self.init(sink: sink, admit: { _ in }, core: Core(depth: depth, workers: 1,
            encode: { frame, _ in try sink.append(frame); return [] }, deliver: { _, _ in }))
    }

    /// Compresses `sequence`'s frames on `workers` threads and writes them in order.
    public convenience init(_ sequence: PNGSequenceSink, workers: Int, depth: Int = PipelinedSink.defaultDepth) {
        let options = sequence.options
        self.init(sink: sequence, admit: sequence.admit, core: Core(depth: depth, workers: max(1, workers),
            encode: { frame, _ in try PNGCodec.encode(frame, options: options) },
            deliver: { bytes, index in try sequence.appendEncoded(bytes, index: index) }))
    }

    private init(sink: FrameSink, admit: @escaping (PixelBuffer) throws -> Void, core: Core) {
        self.sink = sink
        self.admit = admit
        self.core = core
        pool = Array(repeating: PixelBuffer(width: 0, height: 0), count: core.capacity + 1)
        core.start()
    }

    deinit { cancel() }

    /// The most frames the pipeline held at once (queued or being encoded): `depth + workers` at most.
    public var peakFramesHeld: Int { core.peakFramesHeld }

    public func append(_ frame: PixelBuffer) throws {
        try state.requireOpen("pipelined sink", "its output")
        try core.waitForRoom()
        try admit(frame)
        // The slot's earlier frame was delivered (at most `capacity` are out, among more slots), so its
        // storage is free unless a sink kept that frame; then the copy goes to new memory.
        var storage = pool[poolNext]
        pool[poolNext] = PixelBuffer(width: 0, height: 0)
        let copy = frame.copy(reusing: &storage)
        pool[poolNext] = copy
        poolNext = (poolNext + 1) % pool.count
        core.submit(copy)
    }

    public func finish() throws {
        try state.requireOpen("pipelined sink", "its output")
        let failure = core.drain()
        pool = []
        if let failure {
            state = .cancelled
            sink.cancel()
            throw failure
        }
        do {
            try sink.finish()
        } catch {
            state = .cancelled
            sink.cancel()
            throw error
        }
        state = .finished
    }

    public func cancel() {
        core.stop()
        pool = []
        if state == .open {
            state = .cancelled
            sink.cancel()
        }
    }
}

/// The queue and the encoder threads. The threads hold the core, not the sink, so a sink dropped without
/// `finish()` still cancels (its deinit stops them).
private final class Core: @unchecked Sendable {
    let depth: Int
    let workers: Int
    var capacity: Int { depth + workers }
    /// Encodes one frame on an encoder thread: the PNG bytes of a sequence frame, or nothing (a stateful
    /// sink appends it itself).
    private let encode: (PixelBuffer, Int) throws -> [UInt8]
    /// Takes the encoded frames in order, on whichever encoder thread holds the delivery turn.
    private let deliver: ([UInt8], Int) throws -> Void

    private final class Item {
        let index: Int
        var frame: PixelBuffer?
        init(index: Int, frame: PixelBuffer) { self.index = index; self.frame = frame }
    }

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: [Item] = []
    private var encoded: [Int: [UInt8]] = [:]
    private var submitted = 0, delivered = 0
    private var delivering = false
    private var held = 0, peak = 0
    private var running = 0
    private var closed = false, stopped = false
    private var failure: Error?

    init(depth: Int, workers: Int, encode: @escaping (PixelBuffer, Int) throws -> [UInt8],
         deliver: @escaping ([UInt8], Int) throws -> Void) {
        self.depth = max(1, depth)
        self.workers = workers
        self.encode = encode
        self.deliver = deliver
    }

    func start() {
        running = workers
        for number in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "encoder \(number)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    var peakFramesHeld: Int {
        condition.lock(); defer { condition.unlock() }
        return peak
    }

    /// Waits until fewer than `capacity` frames are undelivered; throws an encoder's error.
    func waitForRoom() throws {
        condition.lock(); defer { condition.unlock() }
        while failure == nil && !stopped && submitted - delivered >= capacity { condition.wait() }
        if let failure { throw failure }
    }

    func submit(_ frame: PixelBuffer) {
        condition.lock(); defer { condition.unlock() }
        queue.append(Item(index: submitted, frame: frame))
        submitted += 1
        held += 1
        peak = max(peak, held)
        condition.signal()
    }

    /// No more frames: waits until every frame is delivered or one failed. Returns the failure.
    func drain() -> Error? {
        condition.lock(); defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        return failure
    }

    /// Drops the queue and waits for each thread to finish the frame it is on.
    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        queue.removeAll()
        encoded.removeAll()
        condition.broadcast()
        while running > 0 { condition.wait() }
    }

    private func work() {
        condition.lock()
        defer {
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
        while true {
            while queue.isEmpty && !closed && !stopped && failure == nil { condition.wait() }
            if stopped || failure != nil || queue.isEmpty { return }
            let item = queue.removeFirst()
            condition.unlock()
            var result: Result<[UInt8], Error>
            do {
                try Interruption.check()
                result = .success(try encode(item.frame!, item.index))
            } catch {
                result = .failure(error)
            }
            item.frame = nil  // released before the caller can hear there is room
            condition.lock()
            held -= 1
            switch result {
            case .failure(let error):
                fail(error)
                return
            case .success(let bytes):
                encoded[item.index] = bytes
            }
            deliverInOrder()
        }
    }

    /// Delivers the encoded frames that are next in order; one thread at a time holds the turn. Called
    /// and returns with the lock held.
    private func deliverInOrder() {
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while failure == nil, !stopped, let bytes = encoded.removeValue(forKey: delivered) {
            let index = delivered
            condition.unlock()
            var error: Error?
            do { try deliver(bytes, index) } catch let e { error = e }
            condition.lock()
            if let error { fail(error); return }
            delivered += 1
            condition.broadcast()
        }
    }

    private func fail(_ error: Error) {
        if failure == nil { failure = error }
        queue.removeAll()
        encoded.removeAll()
        condition.broadcast()
    }
}
