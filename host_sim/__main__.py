"""Command-line entry: python -m host_sim <command> ..."""

import sys


def _judge(argv):
    from host_sim.judge_cli import main
    return main(argv=argv)


# play <game>: each game's terminal table module, which has main(argv).
TABLES = {"chimera": "host_sim.chimera_table", "tichu": "host_sim.tichu_table"}


def _play(argv):
    usage = "python -m host_sim play {%s} [options] (python -m host_sim play %s --help: the options)" % (
        ",".join(sorted(TABLES)), sorted(TABLES)[0])
    if argv and argv[0] in ("-h", "--help"):
        print("usage: " + usage)
        return 0
    if not argv or argv[0] not in TABLES:
        print("python -m host_sim play: %s; usage: %s" % (
            "name the game" if not argv else "no game %r" % argv[0], usage), file=sys.stderr)
        return 2
    module = __import__(TABLES[argv[0]], None, None, ["main"])
    return module.main(argv[1:])


def _arena(argv):
    from host_sim.arena import main
    return main(argv)


def _sim(argv):
    from host_sim.sim import main
    return main(argv)


def _shot(argv):
    from host_sim.shot import main
    return main(argv)


def _emu(argv):
    from host_sim.emu.command import main
    return main(argv)


def _deploy(argv):
    from host_sim.deploy import main
    return main(argv)


def _uf2(argv):
    from host_sim.uf2 import main
    return main(argv)


def _bundle(argv):
    from host_sim.bundle import main
    return main(argv)


def _shots(argv):
    from host_sim.shots import main
    return main(argv)


def _board_command(name):
    def run(argv):
        import host_sim.board_commands as commands

        return getattr(commands, name + "_main")(argv)
    return run


def _serial_board(argv):
    from host_sim.serial_board import main
    return main(argv)


def _fit(argv):
    from host_sim.text_fit import main
    return main(argv)


def _typecheck(argv):
    from host_sim.typecheck import main
    return main(argv)


COMMANDS = {
    "judge": (_judge, "answer judge requests, one JSON object per line (docs/judge.md)"),
    "play": (_play, "play at the terminal: play chimera|tichu [--seed N] [--bots 1,2] [--level 1|2|3] "
                    "[--names A,B,..] [--record FILE]"),
    "arena": (_arena, "bot against bot on seat-rotated duplicate deals: arena chimera|tichu --bots 3,1 "
                      "[--deals N] [--matches M] [--seed S] [--limit L] [--trace DIR] [--jobs J]"),
    "deploy": (_deploy, "put the app on a CIRCUITPY drive: deploy --board NAME [--drive D] [--mpy-cross M]"),
    "uf2": (_uf2, "one UF2 per board, CircuitPython with the app frozen in: uf2 [--board NAME] [--out F] "
                  "[--install drive [--mpy-cross M] [--circuitpython-uf2 F]]"),
    "bundle": (_bundle, "the Project Bundle zip (code.py, lib/) for every board: bundle "
                        "[--mpy-cross M] [--out F]"),
    "sim": (_sim, "the device in a window: sim [--board picosystem|pico_display_pack|macropad|badger2040]"),
    "shots": (_shots, "a screenshot per board and screen into docs/shots (make shots)"),
    "fit": (_fit, "the text-fit check: every screen, board and language; prints what does not fit"),
    "typecheck": (_typecheck, "mypy over firmware/ and boards/ against circuitpython-stubs, per board"),
    "shot": (_shot, "headless screenshot: shot --board NAME --keys \"ok up ok\" --out FILE.png"),
    "emu": (_emu, "the board's own CircuitPython firmware, emulated: emu --board NAME [--keys \"ok up ok\"] "
                  "[--out DIR] [--flash IMG] [--save-flash IMG] [--echo]"),
    "backup": (_board_command("backup"), "the board's match into a JSON file over USB: backup [--out F]"),
    "records": (_board_command("records"), "a JSON score sheet per match on the board: records [--out DIR]"),
    "restore": (_board_command("restore"), "a backup back onto the board over USB: restore --file F"),
    "serial-board": (_serial_board, "a stand-in board on a pseudo-terminal: serial-board --board NAME"),
}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m host_sim <command> [args] (each command has --help)\n")
        for name in COMMANDS:
            print("  %-12s %s" % (name, COMMANDS[name][1]))
        return 0 if argv else 2
    if argv[0] not in COMMANDS:
        print("python -m host_sim: no command %r; the commands are %s (python -m host_sim --help says "
              "what each does)" % (argv[0], ", ".join(COMMANDS)), file=sys.stderr)
        return 2
    fn = COMMANDS[argv[0]][0]
    return fn(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
