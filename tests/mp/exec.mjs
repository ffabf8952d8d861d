// Run one Python script under MicroPython with the project importable.
//
//   node tests/mp/exec.mjs SCRIPT.py [arg ...]
//
// Same interpreter and heap settings as run.mjs (MP_HEAPSIZE, default 16m). Every .py
// under engine_core/ and firmware/ and boards/ is copied into the in-memory filesystem
// under /project (which is put on sys.path); the script runs as __main__. Files the
// script names as arguments are copied too, under
// the same relative path, so it can read them. A script that measures the heap
// defines measure_steps() (a generator: at each yield of a label, this runner collects
// garbage and calls the script's record(label, live_bytes)) and report(); garbage is
// only freed between top-level calls in this port. This build has no sys.argv: the
// script finds [SCRIPT, arg ...] in its global ARGV. Exit status: the script's
// `_exit_status` global if it sets one, else 0; 2 if it raised.

import { existsSync, statSync } from "node:fs";
import path from "node:path";

import { ROOT, VROOT, copyIn, loadInterpreter, pyFilesUnder } from "./vfs.mjs";

const TREES = ["engine_core", "firmware", "boards"];

async function main() {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error("usage: node tests/mp/exec.mjs SCRIPT.py [arg ...]");
    return 2;
  }
  const mp = await loadInterpreter();
  const rel = (p) => path.relative(ROOT, path.resolve(p)).split(path.sep).join("/");
  copyIn(mp.FS, TREES.flatMap(pyFilesUnder));
  copyIn(mp.FS, [script, ...args].filter((a) => existsSync(a) && statSync(a).isFile() && !rel(a).startsWith("..")).map(rel));
  const argv = [script, ...args].map((a) => (existsSync(a) && !rel(a).startsWith("..") ? `${VROOT}/${rel(a)}` : a));
  mp.runPython(
    "import sys, os\n" +
      `sys.path.insert(0, ${JSON.stringify(VROOT)})\n` +
      `os.chdir(${JSON.stringify(VROOT)})\n` +
      "_exit_status = 0\n" +
      `_g = {"__name__": "__main__", "ARGV": ${JSON.stringify(argv)}}\n` +
      `exec(open(${JSON.stringify(argv[0])}).read(), _g)\n` +
      "_exit_status = _g.get('_exit_status', 0)\n",
  );
  mp.runPython("_stepwise = 'measure_steps' in _g");
  if (mp.globals.get("_stepwise")) {
    // This port frees garbage only between top-level calls, never inside one, so
    // live heap is read stepwise: run the script's generator to its next yield, collect
    // in separate calls, then hand it the figure.
    mp.runPython("import gc\n_it = _g['measure_steps']()");
    for (;;) {
      mp.runPython("_lab = next(_it, None)");
      if (mp.globals.get("_lab") === null || mp.globals.get("_lab") === undefined) break;
      mp.runPython("gc.collect()");
      mp.runPython("gc.collect()");
      mp.runPython("_g['record'](_lab, gc.mem_alloc())");
    }
    mp.runPython("_exit_status = _g['report']()");
  }
  return mp.globals.get("_exit_status") || 0;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err && err.name === "PythonError" ? err.message : err);
  process.exitCode = 2;
}
