#!/usr/bin/env python3
"""Turn an integer ("fast") Tesseract LSTM model into a float one that lstmtraining can fine-tune.

Usage: int2float.py IN.lstm OUT.lstm

Debian ships only integer LSTM models (tesseract-ocr-eng), and lstmtraining refuses to
continue from them ("is an integer (fast) model, cannot continue training"). An integer
weight matrix is stored as int8 weights w_i plus one scale s per output row, with the float
weight w = w_i * s (Tesseract's WeightMatrix::ConvertToInt). This script walks the
serialised network (format of Tesseract 5.x: Network/Plumbing/LSTM/FullyConnected/...
::Serialize) and rewrites every int8 matrix as a double matrix with those values; everything
after the network (unicharset, recoder, training parameters) is copied unchanged.
The result starts from exactly the weights the integer model computes with.
"""
import struct
import sys

NF_LAYER_SPECIFIC_LR = 64
K_INT8, K_ADAM, K_DOUBLE = 1, 4, 128


class Reader:
    def __init__(self, data):
        self.d, self.p = data, 0

    def take(self, fmt):
        v = struct.unpack_from("<" + fmt, self.d, self.p)
        self.p += struct.calcsize("<" + fmt)
        return v if len(v) > 1 else v[0]

    def raw(self, n):
        b = self.d[self.p:self.p + n]
        self.p += n
        return b


def copy_until(r, out, start):
    out.append(r.d[start:r.p])


def weight_matrix(r, out, training):
    """Read one WeightMatrix; append its float (double) serialisation to out."""
    mode = r.take("B")
    if not mode & K_DOUBLE:
        sys.exit("old-format weight matrix: not supported")
    if mode & K_INT8:
        d1, d2 = r.take("I"), r.take("I")
        r.take("b")  # empty_
        wi = struct.unpack_from("<%db" % (d1 * d2), r.d, r.p)
        r.p += d1 * d2
        n = r.take("I")
        scales = struct.unpack_from("<%dd" % n, r.d, r.p)
        r.p += 8 * n
        wf = [wi[i * d2 + j] * scales[i] for i in range(d1) for j in range(d2)]
        newmode = mode & ~K_INT8
        out.append(struct.pack("<BIId", newmode, d1, d2, 0.0))
        out.append(struct.pack("<%dd" % (d1 * d2), *wf))
        return d1
    # already float: copy
    start = r.p - 1
    d1, d2 = r.take("I"), r.take("I")
    r.take("d")
    r.p += 8 * d1 * d2
    if training:
        for _ in range(2 if mode & K_ADAM else 1):
            e1, e2 = r.take("I"), r.take("I")
            r.take("d")
            r.p += 8 * e1 * e2
    out.append(r.d[start:r.p])
    return d1


def ceil_log2(n):
    k = 0
    while (1 << k) < n:
        k += 1
    return k


def network(r, out):
    start = r.p
    t = r.take("b")
    if t != 0:
        sys.exit("numeric layer type %d: not supported" % t)
    n = r.take("I")
    tname = r.raw(n).decode()
    training = r.take("b")
    r.take("b")  # needs_to_backprop
    flags, ni, no, _nw = r.take("i"), r.take("i"), r.take("i"), r.take("i")
    n = r.take("I")
    r.raw(n)  # name
    is_training = training == 1  # TS_ENABLED
    copy_until(r, out, start)
    start = r.p
    if tname == "Input":
        r.raw(20)
        copy_until(r, out, start)
    elif tname == "Convolve" or tname in ("Maxpool", "Reconfig"):
        r.raw(8)
        copy_until(r, out, start)
    elif tname in ("Series", "Parallel", "Replicated", "ParBidiLSTM", "DepParUDLSTM", "Par2dLSTM",
                   "RTLReversed", "TTBReversed", "XYTranspose"):
        size = r.take("I")
        copy_until(r, out, start)
        for _ in range(size):
            network(r, out)
        if flags & NF_LAYER_SPECIFIC_LR:
            start = r.p
            k = r.take("I")
            r.raw(4 * k)
            copy_until(r, out, start)
    elif tname in ("LSTM", "SummLSTM", "LSTMSoftmax", "LSTMBinarySoftmax"):
        na = r.take("i")
        copy_until(r, out, start)
        nf = no if tname == "LSTMSoftmax" else ceil_log2(no) if tname == "LSTMBinarySoftmax" else 0
        is2d = False
        for w in range(5):  # CI, GI, GF1, GO, GFS
            if w == 4 and not is2d:
                continue
            rows = weight_matrix(r, out, is_training)
            if w == 0:
                is2d = na - nf == ni + 2 * rows
        if tname in ("LSTMSoftmax", "LSTMBinarySoftmax"):
            network(r, out)
    elif tname in ("Logistic", "LinLogistic", "LinTanh", "Tanh", "Relu", "Linear", "Softmax", "SoftmaxNoCTC"):
        copy_until(r, out, start)
        weight_matrix(r, out, is_training)
    else:
        sys.exit("layer type %s: not supported" % tname)


def main():
    data = open(sys.argv[1], "rb").read()
    r, out = Reader(data), []
    network(r, out)
    # LSTMRecognizer tail: network_str_, training_flags_ (bit TF_INT_MODE = 1), ... (the
    # unicharset and recoder live in their own traineddata components, so they are not here)
    n = r.take("I")
    spec = r.raw(n)
    if not spec.startswith(b"["):
        sys.exit("unexpected data after the network (charsets inside the lstm component?)")
    flags = r.take("i")
    out.append(struct.pack("<I", n) + spec + struct.pack("<i", flags & ~1))
    out.append(data[r.p:])
    open(sys.argv[2], "wb").write(b"".join(out))
    print("converted %s -> %s (%d -> %d bytes)" % (sys.argv[1], sys.argv[2], len(data), sum(map(len, out))))


if __name__ == "__main__":
    main()
