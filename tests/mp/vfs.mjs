// What run.mjs and exec.mjs share: loading the interpreter and copying project files
// into its in-memory filesystem under /project.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const VROOT = "/project"; // where the project appears inside MicroPython
const PYSTACK_WORDS = 16384; // Python frame stack (the library's default is 2048 words)

export function heapSize() {
  const text = process.env.MP_HEAPSIZE || "16m";
  const m = /^(\d+)([kKmM]?)$/.exec(String(text).trim());
  if (!m) throw new Error(`bad MP_HEAPSIZE: ${text}`);
  return Number(m[1]) * { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
}

export function loadInterpreter() {
  return loadMicroPython({
    heapsize: heapSize(),
    pystack: PYSTACK_WORDS,
    linebuffer: true,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
}

// Every .py file below the folder `rel` of the project, as project-relative paths.
export function pyFilesUnder(rel) {
  const out = [];
  const walk = (dirRel) => {
    const abs = path.join(ROOT, dirRel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
      const childRel = `${dirRel}/${entry.name}`;
      if (entry.isDirectory()) walk(childRel);
      else if (entry.isFile() && entry.name.endsWith(".py")) out.push(childRel);
    }
  };
  walk(rel);
  return out;
}

// Copy project-relative files into the interpreter's filesystem under VROOT.
export function copyIn(FS, files) {
  for (const rel of files) {
    const dest = `${VROOT}/${rel}`;
    FS.mkdirTree(path.posix.dirname(dest));
    FS.writeFile(dest, readFileSync(path.join(ROOT, rel)));
  }
  return files.length;
}
