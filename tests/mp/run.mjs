// Run the engine tests (tests/engine/test_*.py) under MicroPython.
//
//   node tests/mp/run.mjs [selector ...]
//
// Uses the WebAssembly build of MicroPython from npm
// (@micropython/micropython-webassembly-pyscript, pinned in package-lock.json).
// Every .py file under engine_core/ and tests/engine/ (plus tests/__init__.py and
// tests/mp/runner.py) is copied into the interpreter's in-memory Emscripten
// filesystem under /project, keeping the package directories; then runner.main()
// imports each test module and calls its test_* functions (see runner.py).
// Selectors (optional) are substrings of "module.test_name" that pick tests to run.
//
// Environment: MP_HEAPSIZE (bytes, or with k/m suffix; default 16m): the GC heap.
// Exit status: 0 if at least one test ran and none failed, 1 otherwise, 2 if the
// runner itself could not run.

import { existsSync } from "node:fs";
import path from "node:path";

import { ROOT, VROOT, copyIn, heapSize, loadInterpreter, pyFilesUnder } from "./vfs.mjs";

const TREES = ["engine_core", "tests/engine"]; // every .py below these is copied
const FILES = ["tests/__init__.py", "tests/mp/runner.py"]; // plus these single files

function copyIntoVfs(FS) {
  const copied = copyIn(FS, TREES.flatMap(pyFilesUnder).concat(FILES.filter((f) => existsSync(path.join(ROOT, f)))));
  // The test modules are imported as tests.engine.test_x: make sure both packages exist.
  for (const pkg of ["tests", "tests/engine"]) {
    const init = `${VROOT}/${pkg}/__init__.py`;
    FS.mkdirTree(path.posix.dirname(init));
    if (!FS.analyzePath(init).exists) FS.writeFile(init, "");
  }
  return copied;
}

async function main() {
  const heapsize = heapSize();
  const selectors = process.argv.slice(2);
  const mp = await loadInterpreter();
  const copied = copyIntoVfs(mp.FS);
  mp.runPython(
    "import sys\n" +
      `sys.path.insert(0, ${JSON.stringify(VROOT)})\n` +
      `sys.path.insert(0, ${JSON.stringify(VROOT + "/tests/mp")})\n` +
      "print('MicroPython %s (%s), heap %d KiB, %d files copied' % (" +
      "'.'.join(str(p) for p in sys.implementation.version[:3]), sys.platform, " +
      `${Math.floor(heapsize / 1024)}, ${copied}))\n`,
  );
  mp.runPython(
    "import runner\n" +
      `_exit_status = runner.main(${JSON.stringify(VROOT)}, ${JSON.stringify(selectors)})\n`,
  );
  return mp.globals.get("_exit_status");
}

try {
  process.exitCode = await main();
} catch (err) {
  // A PythonError here means runner.py itself broke (the tests' own errors are caught inside).
  console.error(err && err.name === "PythonError" ? err.message : err);
  console.error("tests/mp/run.mjs: the MicroPython runner could not run");
  process.exitCode = 2;
}
