import Imaging

/// Frames printed around a line of text (the permit number set in a box: `┌ N° 324110 ┐`),
/// erased before the line is read.
///
/// Tesseract takes a box's outline for one large glyph whose inside holds the text: the boxed
/// line `N° 324110` read alone came back `+Lr`, and the page's and the number block's reads
/// dropped it altogether; with the outline erased the block read gives `N° 324110`.
enum PermitFrames {
    /// A frame is at least this wide and tall (pixels of the page read at 2000 px): larger than
    /// any glyph or word of the heading.
    static let minWidth = 100
    static let minHeight = 30
    /// Share of a frame's ink lying near its bounding box's sides (within a fifth of its
    /// smaller side): an outline, not a word or a blot.
    static let edgeShare = 0.9
    /// Share of each side of a frame's bounding box its ink runs along, within a fifth of the
    /// box's smaller side.
    static let straightShare = 0.9

    /// `image` (grey) with every dark connected outline that is a frame (a box: ink along its
    /// sides and in its four corners) painted in the paper's grey, one pixel around it too (its
    /// anti-aliased edge). A stamp's ring passes for one too (at 45° its ink lies 0.29 of its
    /// radius from two sides of its bounding box, in the corner zones): erased from the number
    /// block before its read, which it helps (phone permit 21 of seed 100111 is read only so).
    ///
    /// `strict`, for the band cut around a number before its crops: only outlines with straight
    /// sides (each running along `straightShare` of its side of the bounding box), wholly inside
    /// the image, clear of its border. There a ring, often joined to the digits it crosses, would
    /// take them with it: on flat permit 150 of seed 100411 the ring cut by the band's edges,
    /// joined to the `201` of `2014-4670`, was erased with them and `20424670` answered.
    static func erased(_ image: Image, strict: Bool = false) throws -> Image {
        var px = try image.grayBytes()
        let w = image.width, h = image.height
        guard w > 2, h > 2, !px.isEmpty else { return image }
        var sample = Swift.stride(from: 0, to: px.count, by: 3).map { px[$0] }
        sample.sort()
        let ink = Int(sample[sample.count / 20]), paper = sample[sample.count * 9 / 10]
        let threshold = UInt8((ink + Int(paper)) / 2)
        guard Int(paper) - ink > 20 else { return image }
        var seen = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        var members: [Int] = []
        var erased = false
        for start in 0..<(w * h) where px[start] < threshold && !seen[start] {
            seen[start] = true
            stack.append(start)
            members.removeAll(keepingCapacity: true)
            var x0 = w, x1 = 0, y0 = h, y1 = 0
            while let i = stack.popLast() {
                members.append(i)
                let x = i % w, y = i / w
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        let j = ny * w + nx
                        if !seen[j] && px[j] < threshold { seen[j] = true; stack.append(j) }
                    }
                }
            }
            let bw = x1 - x0 + 1, bh = y1 - y0 + 1
            guard bw >= minWidth, bh >= minHeight else { continue }
            if strict, x0 == 0 || y0 == 0 || x1 == w - 1 || y1 == h - 1 { continue }
            let band = max(3, min(bw, bh) / 5)
            let nearSides = members.reduce(0) { n, i in
                let x = i % w, y = i / w
                return n + (x - x0 < band || x1 - x < band || y - y0 < band || y1 - y < band ? 1 : 0)
            }
            guard Double(nearSides) >= edgeShare * Double(members.count) else { continue }
            // A box has ink in its four corners.
            var corners = [false, false, false, false]
            for i in members {
                let x = i % w, y = i / w
                let left = x - x0 < band, right = x1 - x < band, top = y - y0 < band, bottom = y1 - y < band
                if left && top { corners[0] = true }
                if right && top { corners[1] = true }
                if right && bottom { corners[2] = true }
                if left && bottom { corners[3] = true }
            }
            guard corners.allSatisfy({ $0 }) else { continue }
            // A box's sides are straight: each runs the whole length of its side of the bounding
            // box, within `band` of it; a ring's, along 80 % of it.
            if strict {
                var top = [Bool](repeating: false, count: bw), bottom = top
                var left = [Bool](repeating: false, count: bh), right = left
                for i in members {
                    let x = i % w - x0, y = i / w - y0
                    if y < band { top[x] = true }
                    if bh - 1 - y < band { bottom[x] = true }
                    if x < band { left[y] = true }
                    if bw - 1 - x < band { right[y] = true }
                }
                func covered(_ run: [Bool]) -> Bool { Double(run.filter { $0 }.count) >= straightShare * Double(run.count) }
                guard covered(top), covered(bottom), covered(left), covered(right) else { continue }
            }
            for i in members {
                let x = i % w, y = i / w
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) { px[ny * w + nx] = max(px[ny * w + nx], paper) }
                }
            }
            erased = true
        }
        return erased ? try Image.gray(width: w, height: h, pixels: px) : image
    }
}
