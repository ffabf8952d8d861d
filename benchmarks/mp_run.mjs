// Run Python under the WebAssembly MicroPython from npm, one call at a time.
//
//   node benchmarks/mp_run.mjs <heap bytes> "<setup>" ["<step>" ["<final>"]]
//
// engine_core/ and benchmarks/*.py are copied into the interpreter's filesystem under
// /project (on sys.path). Runs <setup>, then <step> again and again until the Python
// global _done is true, then <final>; each in its own runPython call, because this
// build only collects garbage between calls (gc.collect() inside a call frees
// nothing). Prints what Python prints; exit status 1 when Python raises.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VROOT = "/project";

function copyTree(FS, rel, onlyTop) {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) return;
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    if (e.name.startsWith(".") || e.name === "__pycache__") continue;
    const child = `${rel}/${e.name}`;
    if (e.isDirectory() && !onlyTop) copyTree(FS, child, false);
    else if (e.isFile() && e.name.endsWith(".py")) {
      FS.mkdirTree(path.posix.dirname(`${VROOT}/${child}`));
      FS.writeFile(`${VROOT}/${child}`, readFileSync(path.join(ROOT, child)));
    }
  }
}

const [heap, setup, step, final] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: Number(heap),
  pystack: 16384,
  linebuffer: true,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
copyTree(mp.FS, "engine_core", false);
copyTree(mp.FS, "benchmarks", true);
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
