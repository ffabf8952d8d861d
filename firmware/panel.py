"""When to refresh the panel. LCD and OLED: right after each change, whole frames only
(auto refresh off, so a half-updated screen never shows). E-paper: at most one refresh
per ``min_ms`` and only once the keys have been quiet for ``settle_ms``, so a burst of
presses becomes one refresh."""

from firmware.keys import ticks_diff


class Panel:
    def __init__(self, display, min_ms=0, settle_ms=0):
        self.display = display
        self.min_ms = min_ms
        self.settle_ms = settle_ms
        self.pending = False
        self.last = None
        self.refreshes = 0
        if hasattr(display, "auto_refresh"):
            display.auto_refresh = False

    def show(self, group):
        self.display.root_group = group
        self.pending = True

    def touch(self):
        self.pending = True

    def flush(self, now, idle_ms):
        """Refresh if something changed and the panel may refresh now; True if it did."""
        if not self.pending or idle_ms < self.settle_ms:
            return False
        if self.last is not None and ticks_diff(now, self.last) < self.min_ms:
            return False
        if getattr(self.display, "time_to_refresh", 0) > 0:
            return False
        try:
            self.display.refresh()
        except RuntimeError:  # e-paper: "Refresh too soon"
            return False
        self.pending = False
        self.last = now
        self.refreshes += 1
        return True
