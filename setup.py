"""Builds the Python package sqlite-cgt (see pyproject.toml).

The library is a SQLite extension, not a Python module: it is built from
ext/ as sqlite_cgt/cgt.so, and the wheel is tagged py3-none-<platform>
(any Python 3, no Python ABI, this platform's machine code).  With the
environment variable CGT_LIBRARY naming a library already built (make wheel
passes dist/cgt.so), that file is shipped instead of compiling ext/ again.
The version is the one place it is written, CGT_VERSION in
ext/sqlite/binding.h, which cgt_version() returns too.
"""
import glob
import os
import re
import shutil

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def cgt_version():
    with open(os.path.join(HERE, "ext", "sqlite", "binding.h"), encoding="utf-8") as f:
        return re.search(r'#define CGT_VERSION "([^"]+)"', f.read()).group(1)


class build_cgt(build_ext):
    """Names the library cgt.so (no Python ABI tag), or copies CGT_LIBRARY."""

    def get_ext_filename(self, fullname):
        return os.path.join(*fullname.split(".")) + ".so"

    def build_extension(self, ext):
        prebuilt = os.environ.get("CGT_LIBRARY")
        if not prebuilt:
            return super().build_extension(ext)
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(prebuilt, target)
        self.spawn(["strip", "--strip-debug", target])


commands = {"build_ext": build_cgt}
try:
    from wheel.bdist_wheel import bdist_wheel

    class bdist_cgt(bdist_wheel):
        """Tags the wheel py3-none-<platform>: no Python ABI is used."""

        def get_tag(self):
            return ("py3", "none", super().get_tag()[2])

    commands["bdist_wheel"] = bdist_cgt
except ImportError:  # (no wheel package: an sdist or an install only)
    pass

setup(
    version=cgt_version(),
    packages=["sqlite_cgt"],
    package_dir={"": "bindings/python"},
    ext_modules=[
        Extension(
            "sqlite_cgt.cgt",
            sources=sorted(glob.glob("ext/*.c") + glob.glob("ext/*/*.c")),
            extra_compile_args=["-std=c11", "-D_DEFAULT_SOURCE", "-g0"],
            libraries=["m", "pthread"],
        )
    ],
    cmdclass=commands,
    options={"build": {"build_base": "build/python"},
             "build_ext": {"parallel": os.cpu_count() or 1}},
)
