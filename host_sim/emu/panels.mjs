// The panels' controllers, rebuilt from the SPI bytes the firmware sends: each byte is
// a command or data by the D/C pin at the moment it goes out. What a panel shows is
// what its controller holds in the window the board's panel sees.
//
// ST7789 (PicoSystem, Pico Display Pack): CASET/RASET set a window, RAMWR fills it with
// RGB565 pixels, big-endian, row by row. SH1106 (MacroPad): pages of 8 rows, a byte per
// column, bit 0 on top. UC8151 (Badger 2040): DTM2 (0x13) takes the whole black plane,
// a byte per 8 pixels; DRF (0x12) shows it.

const ST7789 = { CASET: 0x2a, RASET: 0x2b, RAMWR: 0x2c, DISPOFF: 0x28, DISPON: 0x29 };
const UC8151 = { DTM1: 0x10, DRF: 0x12, DTM2: 0x13, PTL: 0x90, PTIN: 0x91, PTOU: 0x92 };

class Panel {
  constructor(mcu, cfg) {
    this.mcu = mcu;
    this.cfg = cfg;
    this.width = cfg.width;
    this.height = cfg.height;
    this.rgb = new Uint8Array(this.width * this.height * 3);
    this.frames = 0; // writes of pixels (or refreshes, for e-paper) finished
    this.cmd = -1;
    this.args = [];
    this.trace = cfg.trace ? [] : null;
    const dc = mcu.gpio[cfg.dc];
    const spi = mcu.spi[cfg.spi];
    spi.onTransmit = (value) => {
      if (dc.outputValue) this.data(value & 0xff);
      else this.command(value & 0xff);
      spi.completeTransmit(0);
    };
  }

  command(c) {
    this.finish();
    this.cmd = c;
    this.args = [];
    if (this.trace && this.trace.length < 4000) this.trace.push([c, 0]);
  }

  data(b) {
    if (this.trace && this.trace.length && this.trace.length < 4000) this.trace[this.trace.length - 1][1]++;
    this.byte(b);
  }

  finish() {}

  byte() {}

  lit() {
    const pin = this.cfg.backlight;
    return pin === undefined || pin === null ? true : this.mcu.gpio[pin].outputValue;
  }

  image() {
    return { width: this.width, height: this.height, rgb: this.rgb };
  }

  put(nx, ny, r, g, b) {
    // (nx, ny): a pixel of the controller's window; the panel may be turned against it.
    let x = nx;
    let y = ny;
    const rot = this.cfg.rotation || 0;
    if (rot === 90) {
      x = this.cfg.native_height - 1 - ny;
      y = nx;
    } else if (rot === 180) {
      x = this.width - 1 - nx;
      y = this.height - 1 - ny;
    } else if (rot === 270) {
      x = ny;
      y = this.cfg.native_width - 1 - nx;
    }
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.rgb[i] = r;
    this.rgb[i + 1] = g;
    this.rgb[i + 2] = b;
  }
}

class St7789 extends Panel {
  constructor(mcu, cfg) {
    super(mcu, cfg);
    this.x0 = this.x1 = this.y0 = this.y1 = 0;
    this.x = this.y = 0;
    this.hi = -1;
    this.wrote = false;
  }

  finish() {
    if (this.cmd === ST7789.CASET && this.args.length >= 4) {
      this.x0 = (this.args[0] << 8) | this.args[1];
      this.x1 = (this.args[2] << 8) | this.args[3];
    } else if (this.cmd === ST7789.RASET && this.args.length >= 4) {
      this.y0 = (this.args[0] << 8) | this.args[1];
      this.y1 = (this.args[2] << 8) | this.args[3];
    } else if (this.cmd === ST7789.RAMWR && this.wrote) {
      this.frames++;
    }
    this.wrote = false;
  }

  command(c) {
    super.command(c);
    if (c === ST7789.RAMWR) {
      this.x = this.x0;
      this.y = this.y0;
      this.hi = -1;
    }
  }

  byte(b) {
    if (this.cmd !== ST7789.RAMWR) {
      this.args.push(b);
      return;
    }
    if (this.hi < 0) {
      this.hi = b;
      return;
    }
    const px = (this.hi << 8) | b;
    this.hi = -1;
    this.wrote = true;
    const r = (px >> 11) & 0x1f;
    const g = (px >> 5) & 0x3f;
    const bl = px & 0x1f;
    // scaled to 8 bits as host_sim/panel.py renders, so frames compare byte for byte
    this.put(this.x - this.cfg.xoff, this.y - this.cfg.yoff, ((r * 255) / 31) | 0, ((g * 255) / 63) | 0, ((bl * 255) / 31) | 0);
    if (++this.x > this.x1) {
      this.x = this.x0;
      this.y++;
    }
  }
}

class Sh1106 extends Panel {
  // Page addressing: 0xB0|page, 0x00|column low nibble, 0x10|column high nibble (each a
  // command byte); data bytes then fill the page column by column.
  constructor(mcu, cfg) {
    super(mcu, cfg);
    this.page = 0;
    this.col = 0;
    this.lastByteCmd = false;
  }

  command(c) {
    // SH1106 commands are single bytes (or a byte and its argument); only addressing matters.
    if (this.trace && this.trace.length < 4000) this.trace.push([c, 0]);
    if (this.argFor) {
      this.argFor = 0;
      return;
    }
    if ((c & 0xf0) === 0xb0) this.page = c & 0x0f;
    else if ((c & 0xf0) === 0x00) this.col = (this.col & 0xf0) | (c & 0x0f);
    else if ((c & 0xf0) === 0x10) this.col = (this.col & 0x0f) | ((c & 0x0f) << 4);
    else if (c === 0x81 || c === 0xa8 || c === 0xd3 || c === 0xd5 || c === 0xd9 || c === 0xda || c === 0xdb ||
             c === 0xad || c === 0x20 || c === 0xdc) this.argFor = c; // a two-byte command
    else if (c === 0xaf) this.on = true;
    else if (c === 0xae) this.on = false;
  }

  byte(b) {
    if (this.trace && this.trace.length && this.trace.length < 4000) this.trace[this.trace.length - 1][1]++;
    const x = this.col - this.cfg.xoff;
    for (let bit = 0; bit < 8; bit++) {
      const v = (b >> bit) & 1 ? 255 : 0;
      this.put(x, this.page * 8 + bit - this.cfg.yoff, v, v, v);
    }
    this.col++;
    this.frames++;
  }

  data(b) {
    this.byte(b);
  }
}

class Uc8151 extends Panel {
  // The black plane arrives whole after DTM2 (a byte per 8 pixels along the panel's 128-px
  // side, 296 lines); the panel shows it at DRF. The board turns it by 270 degrees.
  constructor(mcu, cfg) {
    super(mcu, cfg);
    this.ram = new Uint8Array((cfg.ram_width / 8) * cfg.ram_height);
    this.at = 0;
    this.rgb.fill(255);
  }

  command(c) {
    super.command(c);
    this.at = 0;
    if (c === UC8151.DRF) this.show();
  }

  byte(b) {
    if (this.cmd === UC8151.DTM2 && this.at < this.ram.length) this.ram[this.at++] = b;
  }

  show() {
    const stride = this.cfg.ram_width / 8;
    for (let line = 0; line < this.cfg.ram_height; line++) {
      for (let px = 0; px < this.cfg.ram_width; px++) {
        const on = (this.ram[line * stride + (px >> 3)] >> (7 - (px & 7))) & 1;
        const v = on ? 0 : 255; // a set bit of the black plane is black
        // rotation 270: the panel's lines run along the long side
        const x = this.cfg.flip_x ? this.cfg.ram_height - 1 - line : line;
        const y = this.cfg.flip_y ? this.cfg.ram_width - 1 - px : px;
        this.put(x, y - this.cfg.yoff, v, v, v);
      }
    }
    this.frames++;
  }
}

const KINDS = { st7789: St7789, sh1106: Sh1106, uc8151: Uc8151 };

export function makePanel(mcu, cfg) {
  const Kind = KINDS[cfg.kind];
  if (!Kind) throw new Error(`no panel ${cfg.kind}`);
  return new Kind(mcu, cfg);
}
