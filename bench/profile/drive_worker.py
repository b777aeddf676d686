#!/usr/bin/env python3
# Drives one cxxtest fuzz worker by hand (the coordinator's side of
# protocol.h / shm.h), so the worker can run under callgrind.
# usage: drive_worker.py MASK_SIZE EXECS SEED_TEXT [mask_fill] -- CMD...
import mmap, os, struct, subprocess, sys

mask_size, execs, seed_text = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode().decode('unicode_escape').encode('latin1')
fill = int(sys.argv[4], 0) if sys.argv[4] != '--' else 0xff
cmd = sys.argv[sys.argv.index('--') + 1:]

PAGE, REPORT, CAP = 4096, 64 * 1024, 100 << 20
pr = lambda n: (n + PAGE - 1) // PAGE * PAGE
keep = PAGE + REPORT
snap = keep + pr(mask_size)
orig = snap + pr(mask_size)
cur = orig + CAP
total = cur + CAP

shm = os.memfd_create("shm", 0)
os.ftruncate(shm, total)
m = mmap.mmap(shm, total)
m[0:8] = struct.pack('<Q', 0x31766d68737a6678)
m[32:36] = struct.pack('<I', mask_size)
maskfd = os.memfd_create("mask", 0)
os.ftruncate(maskfd, mask_size)
mm = mmap.mmap(maskfd, mask_size)
mm[:] = bytes([fill]) * mask_size

enc = struct.pack('<IBI', 1, 1, len(seed_text)) + seed_text
m[orig:orig + len(enc)] = enc
m[24:28] = struct.pack('<I', len(enc))
m[28:32] = struct.pack('<I', 0)

c_r, c_w = os.pipe()
r_r, r_w = os.pipe()
fds = [c_r, r_w, shm, maskfd]

def child():
    hi = [os.dup(f) for f in fds]
    for i, f in enumerate(hi):
        os.dup2(f, 3 + i)

p = subprocess.Popen(cmd, preexec_fn=child, pass_fds=(3, 4, 5, 6) + tuple(fds), close_fds=False)
os.close(c_r); os.close(r_w)

def reply():
    b = b''
    while len(b) < 32:
        x = os.read(r_r, 32 - len(b))
        if not x: sys.exit("worker died")
        b += x
    return struct.unpack('<IIQqQ', b)

def send(op, limit=0, nanos=0, seed=0, stream=0):
    os.write(c_w, struct.pack('<IIQqQQ', op, 0, limit, nanos, seed, stream))

print("hello", reply(), file=sys.stderr)
send(1, seed=1, stream=1)
print("init", reply(), file=sys.stderr)
done = 0
while done < execs:
    send(4, limit=execs - done, nanos=10**12)
    r = reply()
    done += r[2]
    if r[0] != 2:
        print("reply", r, file=sys.stderr)
        if r[0] == 4: break
print("done", done, file=sys.stderr)
os.close(c_w)
p.wait()
