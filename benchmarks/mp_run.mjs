// Run Python under the WebAssembly MicroPython from npm, one call at a time (interpreter
// and file copying as in tests/mp/vfs.mjs).
//
//   node benchmarks/mp_run.mjs <heap bytes> "<setup>" ["<step>" ["<final>"]]
//
// engine_core/ and benchmarks/*.py are copied into the interpreter's filesystem under
// /project (on sys.path). Runs <setup>, then <step> again and again until the Python
// global _done is true, then <final>; each in its own runPython call, because this
// build only collects garbage between calls (gc.collect() inside a call frees
// nothing). Prints what Python prints; exit status 1 when Python raises.

import { readdirSync } from "node:fs";
import path from "node:path";

import { ROOT, VROOT, copyIn, loadInterpreter, pyFilesUnder } from "../tests/mp/vfs.mjs";

const [heap, setup, step, final] = process.argv.slice(2);
process.env.MP_HEAPSIZE = String(heap);
const mp = await loadInterpreter();
const benchmarks = readdirSync(path.join(ROOT, "benchmarks")).filter((f) => f.endsWith(".py"));
copyIn(mp.FS, pyFilesUnder("engine_core").concat(benchmarks.map((f) => `benchmarks/${f}`)));
try {
  mp.runPython(`import sys\nsys.path.insert(0, "${VROOT}")\nsys.path.insert(0, "${VROOT}/benchmarks")\n_done = False\n`);
  mp.runPython(setup);
  if (step) {
    while (!mp.globals.get("_done")) mp.runPython(step);
  }
  if (final) mp.runPython(final);
} catch (err) {
  console.error(String(err && err.message ? err.message : err));
  process.exitCode = 1;
}
