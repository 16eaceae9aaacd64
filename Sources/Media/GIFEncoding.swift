// GIF's variable-width LZW code stream, in pure Swift. GIFPalette builds the palette, PaletteMapper
// (GIFDither) the indices, and GIFSink puts them together.

/// GIF's LZW: codes from 9 to 12 bits, least significant bit first, with a clear code whenever the
/// table is full; output packed into sub-blocks of at most 255 bytes.
enum GIFLZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int = 8) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1, next = end + 1
        // (prefix code, byte) → code; a generation number clears the table without touching it.
        var table = [UInt16](repeating: 0, count: 4096 * 256)
        var stamp = [UInt32](repeating: 0, count: 4096 * 256)
        var generation: UInt32 = 1
        var bytes: [UInt8] = [], bitBuffer = 0, bitCount = 0
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { bytes.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { bytes.append(UInt8(bitBuffer & 0xFF)) }
            return subBlocks(bytes)
        }
        for byte in indices.dropFirst() {
            let key = prefix << 8 | Int(byte)
            if stamp[key] == generation { prefix = Int(table[key]); continue }
            emit(prefix)
            if next < 4096 {
                table[key] = UInt16(next); stamp[key] = generation
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            }
            if next >= 4096 {
                emit(clear)
                generation += 1
                codeSize = minimumCodeSize + 1
                next = end + 1
            }
            prefix = Int(byte)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { bytes.append(UInt8(bitBuffer & 0xFF)) }
        return subBlocks(bytes)
    }

    /// Data sub-blocks (length byte + up to 255 bytes) and the zero-length terminator.
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 255 + 2)
        var start = 0
        while start < data.count {
            let n = min(255, data.count - start)
            out.append(UInt8(n))
            out += data[start..<start + n]
            start += n
        }
        out.append(0)
        return out
    }
}
