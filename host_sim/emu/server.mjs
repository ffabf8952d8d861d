// The emulated board, driven line by line: one JSON command a line on stdin, one JSON
// answer a line on stdout (host_sim/emu/board.py speaks it). What the firmware prints
// on its USB console comes back with each answer, so nothing it says is lost.
//
// Commands: init, run, until, pin, serial, frame, stats, cut, dump, quit.
import { createInterface } from 'node:readline';
import { readFileSync, writeFileSync } from 'node:fs';
import { USBCDC } from 'rp2040js';
import { Chip, readUf2 } from './chip.mjs';
import { makePanel } from './panels.mjs';

let chip = null;
let cdc = null;
let panel = null;
let consoleText = '';
let pending = ''; // console text not yet seen by an `until`

function answer(obj) {
  obj.console = consoleText;
  consoleText = '';
  if (chip) {
    obj.nanos = chip.mcu.clock.nanos;
    obj.active = chip.activeCycles;
    obj.erases = chip.erases;
    obj.programs = chip.programs;
    obj.cut = chip.cut;
    obj.frames = panel ? panel.frames : 0;
  }
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const commands = {
  init(c) {
    chip = new Chip({ bootrom: c.bootrom, flashBytes: c.flash_bytes, jedec: c.jedec });
    if (c.flash_in) chip.flash.set(readFileSync(c.flash_in).subarray(0, c.flash_bytes));
    for (const path of c.images || []) chip.load(readUf2(path));
    for (const [pin, level] of c.pins || []) chip.mcu.gpio[pin].setInputValue(!!level);
    if (c.panel) panel = makePanel(chip.mcu, c.panel);
    cdc = new USBCDC(chip.mcu.usbCtrl);
    cdc.onSerialData = (bytes) => {
      const text = Buffer.from(bytes).toString('utf8');
      consoleText += text;
      pending += text;
      if (pending.length > 65536) pending = pending.slice(-32768);
    };
    chip.boot();
    return {};
  },
  run(c) {
    chip.run(c.ms * 1e6);
    return {};
  },
  until(c) {
    // Runs until the console has printed c.text (since the last `until`), or c.ms pass.
    const seen = () => pending.includes(c.text);
    const found = seen() || chip.run(c.ms * 1e6, seen);
    if (found) pending = pending.slice(pending.indexOf(c.text) + c.text.length);
    return { found };
  },
  pin(c) {
    chip.mcu.gpio[c.pin].setInputValue(!!c.level);
    return {};
  },
  serial(c) {
    for (const byte of Buffer.from(c.data, 'utf8')) cdc.sendSerialByte(byte);
    return {};
  },
  frame(c) {
    const { width, height, rgb } = panel.image();
    if (c.path) writeFileSync(c.path, rgb);
    return { width, height, lit: panel.lit(), refreshes: panel.frames };
  },
  stats() {
    return { program_bytes: chip.programBytes, log: chip.opsLog };
  },
  record(c) {
    chip.opsLog = c.on ? [] : null;
    return {};
  },
  cut(c) {
    // Power goes at flash operation number c.at (erases and page programs counted from
    // power-up), after c.partial bytes of it.
    chip.cutAt = c.at;
    chip.cutPartial = c.partial || 0;
    return {};
  },
  dump(c) {
    writeFileSync(c.path, chip.flash);
    return {};
  },
  quit() {
    return { bye: true };
  },
};

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    answer({ error: `not a JSON line: ${line.slice(0, 80)}` });
    return;
  }
  const run = commands[c.op];
  if (!run) {
    answer({ error: `unknown command ${c.op}` });
    return;
  }
  if (!chip && c.op !== 'init' && c.op !== 'quit') {
    answer({ error: 'init first' });
    return;
  }
  let out;
  try {
    out = run(c);
  } catch (e) {
    answer({ error: String(e && e.stack ? e.stack : e) });
    return;
  }
  answer(out);
  if (c.op === 'quit') process.exit(0);
});
lines.on('close', () => process.exit(0));
