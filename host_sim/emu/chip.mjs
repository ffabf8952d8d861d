// The RP2040 running CircuitPython's own firmware, in rp2040js: what the emulator lacks
// and the board has, made up here in the harness (never in the app). See
// ../shared/tools/circuitpython/README.md for why each piece is needed:
// - the QSPI chip select reads high, so the boot's BOOTSEL check does not wait forever;
// - flash erase and program, which rp2040js's SSI drops, done on the flash array through
//   the boot ROM's flash_range_erase / flash_range_program (each counted, each cuttable);
// - the flash answers JEDEC id (0x9F) with the board's chip, so CIRCUITPY has its real size;
// - a deep SPI RX FIFO, as rp2040js completes every byte at once and DMA would wait forever.
import { readFileSync } from 'node:fs';
import { BasePeripheral, FIFO, RP2040, USBCDC } from 'rp2040js';

export const XIP_BASE = 0x10000000;
export const SECTOR = 4096;
export const PAGE = 256;
const ROM_ERASE = 0x4552; // 'R','E': the ROM function table's code of flash_range_erase
const ROM_PROGRAM = 0x5052; // 'R','P': flash_range_program
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
const OUTOVER_LOW = 2; // IO_QSPI GPIO_QSPI_SS_CTRL.OUTOVER: drive the chip select low
const CMD_JEDEC_ID = 0x9f;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_SR = 0x28;
const SSI_DR0 = 0x60;
const SR_IDLE = 0x06; // transmit FIFO empty and not full, not busy
const SR_RFNE = 0x08; // receive FIFO not empty
const CYCLE_NANOS = 8; // 125 MHz
const PIO_STEPS_MAX = 20000; // PIO cycles run per slice of the run loop, at most

// IO_QSPI (rp2040js leaves it unimplemented): keeps each pin's CTRL so the harness can see
// when the flash's chip select is forced low and a command begins.
class QspiIo extends BasePeripheral {
  constructor(rp2040, name, onSelect) {
    super(rp2040, name);
    this.ctrl = new Uint32Array(6);
    this.onSelect = onSelect;
  }
  readUint32(offset) {
    const pin = offset >> 3;
    if (pin < 6) return offset & 4 ? this.ctrl[pin] : 0;
    return super.readUint32(offset);
  }
  writeUint32(offset, value) {
    const pin = offset >> 3;
    if (pin < 6 && offset & 4) {
      const was = this.ctrl[pin];
      this.ctrl[pin] = value;
      if (pin === 1 && ((was >> 8) & 3) !== ((value >> 8) & 3)) {
        this.onSelect(((value >> 8) & 3) === OUTOVER_LOW);
      }
      return;
    }
    super.writeUint32(offset, value);
  }
}

export function readUf2(path) {
  // [(flash offset, payload)] of a UF2 file's blocks.
  const raw = readFileSync(path);
  const blocks = [];
  for (let i = 0; i + 512 <= raw.length; i += 512) {
    if (raw.readUInt32LE(i) !== 0x0a324655 || raw.readUInt32LE(i + 4) !== 0x9e5d5157) {
      throw new Error(`${path}: block ${i / 512} is not a UF2 block`);
    }
    const addr = raw.readUInt32LE(i + 12);
    const size = raw.readUInt32LE(i + 16);
    blocks.push([addr - XIP_BASE, raw.subarray(i + 32, i + 32 + size)]);
  }
  return blocks;
}

export class Chip {
  // flashBytes: the board's flash size; jedec: its id bytes (manufacturer, type, capacity).
  constructor({ bootrom, flashBytes, jedec }) {
    const mcu = new RP2040();
    this.mcu = mcu;
    const rom = readFileSync(bootrom);
    mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.byteLength >> 2));
    mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
    this.flashBytes = flashBytes;
    this.flash = mcu.flash.subarray(0, flashBytes);
    this.flash.fill(0xff);
    this.erases = 0;
    this.programs = 0;
    this.programBytes = 0;
    this.activeCycles = 0;
    this.cutAt = -1; // power is cut at this flash operation (count of erases + programs); -1: never
    this.cutPartial = 0; // bytes of the cut operation done before the power went (0: none)
    this.cut = false;
    this.opsLog = null; // [[kind, offset, bytes]] when recording
    this.hookFlash(rom);
    this.hookJedec(jedec);
    // The BOOTSEL check reads the QSPI chip select as an input: high means "not pressed".
    Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true });
    for (const spi of mcu.spi) spi.rxFIFO = new FIFO(65536);
    // rp2040js steps the PIO blocks from the event loop (setTimeout); here the run loop
    // steps them, a step per chip cycle up to PIO_STEPS_MAX per slice.
    for (const pio of mcu.pio) pio.run = () => {};
  }

  load(blocks) {
    for (const [offset, data] of blocks) {
      if (offset < 0 || offset + data.length > this.flashBytes) {
        throw new Error(`UF2 block at flash offset 0x${offset.toString(16)} lies outside the board's flash`);
      }
      this.flash.set(data, offset);
    }
  }

  hookFlash(rom) {
    // The ROM function table: a 16-bit pointer at 0x14 to (code, address) pairs of 16 bits.
    const view = new DataView(rom.buffer, rom.byteOffset, rom.byteLength);
    let at = view.getUint16(0x14, true);
    const found = {};
    for (;;) {
      const code = view.getUint16(at, true);
      if (!code) break;
      found[code] = view.getUint16(at + 2, true) & ~1;
      at += 4;
    }
    if (!(ROM_ERASE in found) || !(ROM_PROGRAM in found)) throw new Error('boot ROM without flash functions');
    this.patchRom(found[ROM_ERASE], 0xbe00 | BKPT_ERASE);
    this.patchRom(found[ROM_PROGRAM], 0xbe00 | BKPT_PROGRAM);
    this.mcu.onBreak = (code) => {
      const core = this.mcu.core;
      const r = core.registers;
      if (code === BKPT_ERASE) this.erase(r[0], r[1]);
      else if (code === BKPT_PROGRAM) this.program(r[0], r[1], r[2]);
      else throw new Error(`breakpoint ${code} at 0x${(core.PC - 2).toString(16)}`);
      core.PC = core.LR & ~1; // return from the ROM function
    };
  }

  patchRom(addr, halfword) {
    const word = addr >> 2;
    const shift = (addr & 2) * 8;
    const rom = this.mcu.bootrom;
    rom[word] = (rom[word] & ~(0xffff << shift)) | (halfword << shift);
  }

  hookJedec(jedec) {
    // The flash chip's answer to a command; only JEDEC id matters, the rest read as 0 as before.
    const ssi = this.mcu.peripherals[0x18000];
    let sent = 0;
    let command = -1;
    const replies = [];
    const select = (low) => {
      sent = 0;
      command = -1;
      replies.length = 0;
    };
    this.mcu.peripherals[0x40018] = new QspiIo(this.mcu, 'IO_QSPI_BASE', select);
    const write = ssi.writeUint32.bind(ssi);
    const read = ssi.readUint32.bind(ssi);
    ssi.writeUint32 = (offset, value) => {
      if (offset === SSI_DR0) {
        if (sent === 0) command = value & 0xff;
        replies.push(command === CMD_JEDEC_ID && sent >= 1 && sent <= 3 ? jedec[sent - 1] : 0);
        sent++;
      }
      write(offset, value);
    };
    // Every byte sent brings one back at once (the FIFO levels the ROM's flash_put_get polls).
    ssi.readUint32 = (offset) => {
      if (offset === SSI_DR0) return replies.length ? replies.shift() : 0;
      if (offset === SSI_RXFLR) return replies.length;
      if (offset === SSI_TXFLR) return 0;
      if (offset === SSI_SR) return SR_IDLE | (replies.length ? SR_RFNE : 0);
      return read(offset);
    };
  }

  flashOp() {
    // Counts one erase or program; true when the power goes at this one.
    const n = this.erases + this.programs;
    return this.cutAt >= 0 && n >= this.cutAt;
  }

  erase(offset, count) {
    if (this.cut) return;
    for (let at = offset; at < offset + count; at += SECTOR) {
      if (this.flashOp()) {
        // The erase the power cuts leaves the sector partly erased: its first bytes.
        this.flash.fill(0xff, at, at + Math.min(this.cutPartial, SECTOR));
        this.powerCut();
        return;
      }
      this.erases++;
      if (this.opsLog) this.opsLog.push(['erase', at, SECTOR]);
      this.flash.fill(0xff, at, at + SECTOR);
    }
  }

  program(offset, addr, count) {
    if (this.cut) return;
    const ram = this.mcu.sram;
    const base = addr - 0x20000000;
    for (let done = 0; done < count; done += PAGE) {
      const n = Math.min(PAGE, count - done);
      const stop = this.flashOp() ? Math.min(this.cutPartial, n) : n;
      for (let i = 0; i < stop; i++) this.flash[offset + done + i] &= ram[base + done + i];
      if (stop < n) {
        this.powerCut();
        return;
      }
      this.programs++;
      this.programBytes += n;
      if (this.opsLog) this.opsLog.push(['program', offset + done, n]);
    }
  }

  powerCut() {
    this.cut = true;
    this.mcu.core.waiting = true; // nothing more runs: the harness reports the cut
  }

  boot() {
    this.mcu.core.PC = XIP_BASE;
  }

  // Runs the chip for `nanos` of its time, or until stop() says so (checked every few
  // thousand instructions). Chip time counts the cycles the core executes; while it
  // sleeps (WFI) the clock jumps to the next alarm.
  run(nanos, stop) {
    const { mcu } = this;
    const clock = mcu.clock;
    const end = clock.nanos + nanos;
    const core = mcu.core;
    const pios = mcu.pio;
    while (clock.nanos < end && !this.cut) {
      const before = clock.nanos;
      for (let i = 0; i < 4096 && !this.cut; i++) {
        if (core.waiting) {
          // Asleep (WFI): time jumps to the next alarm, or to the end with none before it
          // (never stands still: a sleep that nothing wakes still lets the time run out).
          const alarm = clock.nextAlarm;
          const next = alarm ? alarm.nanos - clock.nanos : Infinity;
          clock.tick(Math.max(1, Math.min(next, end - clock.nanos)));
          if (clock.nanos >= end) break;
        } else {
          const cycles = core.executeInstruction();
          this.activeCycles += cycles;
          clock.tick(cycles * CYCLE_NANOS);
        }
      }
      for (const pio of pios) {
        if (pio.stopped) continue;
        const steps = Math.min(PIO_STEPS_MAX, (clock.nanos - before) / CYCLE_NANOS);
        for (let k = 0; k < steps; k++) pio.step();
      }
      if (stop && stop()) return true;
    }
    return false;
  }
}
