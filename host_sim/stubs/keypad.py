"""Host stand-in for CircuitPython's `keypad` (Keys, Event, EventQueue).

The simulator and the tests put key events in by hand (`Keys.inject`); timestamps are
whatever clock the caller keeps (the device clock of host_sim.device)."""


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._events = []
        self.max_events = max_events
        self.overflowed = False

    def get(self):
        return self._events.pop(0) if self._events else None

    def get_into(self, event):
        e = self.get()
        if e is None:
            return False
        event.key_number, event.pressed, event.released, event.timestamp = (
            e.key_number, e.pressed, e.released, e.timestamp)
        return True

    def clear(self):
        self._events.clear()
        self.overflowed = False

    def put(self, event):
        if len(self._events) >= self.max_events:
            self.overflowed = True
            return
        self._events.append(event)

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.key_count = len(self.pins)
        self.events = EventQueue(max_events)

    def inject(self, key_number, pressed, timestamp):
        if not 0 <= key_number < self.key_count:
            raise ValueError("no key %d" % key_number)
        self.events.put(Event(key_number, pressed, timestamp))

    def reset(self):
        self.events.clear()

    def deinit(self):
        pass
