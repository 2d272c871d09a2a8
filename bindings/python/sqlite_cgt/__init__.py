"""cgt, combinatorial game theory inside SQLite, for Python.

    import sqlite3, sqlite_cgt
    conn = sqlite3.connect(":memory:")
    sqlite_cgt.load(conn)
    conn.execute("SELECT heap_grundy('kayles', 15)").fetchone()   # (7,)

load(conn) takes a connection of the standard sqlite3 module or of apsw;
loadable_path() is the library's path for any other way of loading it.
The functions themselves are documented in the project's docs/.
"""
import os

try:
    from importlib.metadata import PackageNotFoundError, version as _version

    __version__ = _version("sqlite-cgt")
except (ImportError, PackageNotFoundError):  # (run from a source tree)
    __version__ = "0+unknown"

__all__ = ["__version__", "loadable_path", "load"]


def loadable_path():
    """The library's path without its suffix (.so), as SQLite wants it: SQLite
    adds the suffix and derives the entry point, sqlite3_cgt_init, from the
    name, and a failing dlopen shows its real error."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "cgt")


_NO_EXTENSIONS = (
    "sqlite_cgt.load: this Python's sqlite3 module cannot load extensions "
    "(the connection has no enable_load_extension: Python was built without "
    "--enable-loadable-sqlite-extensions, as python.org's macOS installers and "
    "some pyenv and Homebrew builds are). Use a Python built with it (Debian's "
    "and Ubuntu's /usr/bin/python3 are), or the apsw module "
    "(pip install apsw; sqlite_cgt.load(apsw.Connection(path)) works too)."
)


def load(conn):
    """Loads cgt into conn, a sqlite3.Connection or an apsw.Connection.
    Extension loading is enabled for the load only, and disabled again
    afterwards, whatever happens (also when the caller had enabled it)."""
    import sqlite3

    path = loadable_path()
    if not isinstance(conn, sqlite3.Connection) and not hasattr(conn, "loadextension"):
        raise TypeError("sqlite_cgt.load takes a sqlite3.Connection or an apsw.Connection, not %s"
                        % type(conn).__name__)
    if hasattr(conn, "loadextension"):  # apsw
        conn.enable_load_extension(True)
        try:
            conn.loadextension(path)
        finally:
            conn.enable_load_extension(False)
        return
    if not hasattr(conn, "enable_load_extension"):
        raise RuntimeError(_NO_EXTENSIONS)
    conn.enable_load_extension(True)
    try:
        conn.load_extension(path)
    finally:
        conn.enable_load_extension(False)
