/// "Did you mean": the known name closest to a mistyped one, for messages.
///
/// Closeness is the edit distance (insertions, deletions, substitutions; case ignored). A guess further
/// than `maxDistance` edits, or than a third of the word, helps nobody and is not offered; nor is the word
/// itself ("unknown scene 'verify'. Did you mean 'verify'?" tells the user nothing).
package func closestName(to word: String, among names: [String], maxDistance: Int = 3) -> String? {
    let limit = min(maxDistance, max(1, word.count / 3 + 1))
    guard let best = names.filter({ $0 != word }).min(by: { editDistance($0, word) < editDistance($1, word) }),
          editDistance(best, word) <= limit else { return nil }
    return best
}

package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in 1...b.count {
            let old = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = old
        }
    }
    return row[b.count]
}
