"""Load YAML content files and validate them against pydantic models, reporting every problem.

Games define their own pydantic v2 models (with ``model_config = ConfigDict(extra="forbid")``)
and call :func:`load_yaml`. Every problem of a file is reported at once, each with the line of
the offending YAML node, e.g. ``data/riotquest/heroes.yaml:42: heroes[3].spd: must be at most
10 (got 12)``. YAML syntax errors give ``line:column``.

Only ``safe_load`` semantics are used (no Python object tags). On top of PyYAML this module
rejects duplicate mapping keys (PyYAML silently keeps the last one) and absurd alias expansion.

Game code that needs more than schema validation (cross references between files, say) can read
a :class:`YamlDocument` and turn a field path into a line with :meth:`YamlDocument.problem`.
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from riotsim.core.problems import ContentError, Problem
from riotsim.i18n import N_, _

if TYPE_CHECKING:  # pydantic is imported when a file is validated, not to read YAML or maps
    import pydantic

M = TypeVar("M", bound="pydantic.BaseModel")

MAX_FILE_BYTES = 5 * 1024 * 1024
# Nodes visited when aliases are expanded, beyond those the file holds: stops "billion laughs"
# documents before pydantic walks an exponentially large tree.
MAX_EXPANDED_NODES = 1_000_000
_MERGE_TAG = "tag:yaml.org,2002:merge"

Loc = Sequence[str | int]


def real_path(path: str | Path) -> Path:
    """``path`` made absolute with its symbolic links followed. Never raises: a symbolic link
    loop (which ``Path.resolve`` reports with a RuntimeError before Python 3.13) stays as it is,
    and opening it then gives the message of :func:`os_problem`."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def os_problem(exc: OSError) -> str:
    """Why a file could not be read, in words (a symbolic link loop says so)."""
    if exc.errno == errno.ELOOP:
        return _("symbolic link loop: the link points (through other links) back to itself")
    if exc.errno == errno.ENAMETOOLONG:
        return _("the file name or its link target is too long")
    return _("cannot read: {reason}").format(reason=exc.strerror or exc)


def too_large(size: int, limit: int) -> str:
    """The problem of a file over its size limit."""
    return _("file is too large ({size} bytes; limit {limit})").format(size=size, limit=limit)


def display_path(path: str | Path) -> str:
    """A path as people want to read it: relative to the content root or the current folder."""
    from riotsim.paths import content_root

    resolved = real_path(path)
    for base in (content_root(), Path.cwd()):
        try:
            return resolved.relative_to(real_path(base)).as_posix()
        except ValueError:
            continue
    return str(path)


def format_loc(loc: Loc) -> str:
    """``("heroes", 3, "spd")`` -> ``heroes[3].spd``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(slots=True)
class YamlDocument:
    """A parsed YAML file: the plain data plus the node tree that remembers line numbers."""

    path: Path
    shown: str  # the path as printed in problems
    data: Any
    root: Node | None

    def node_at(self, loc: Loc) -> tuple[Node | None, bool]:
        """The node at ``loc`` (or the deepest existing parent) and whether it was found."""
        node = self.root
        for part in loc:
            child = _child(node, part)
            if child is None:
                return node, False
            node = child
        return node, True

    def line(self, loc: Loc = ()) -> int:
        """1-based line of the node at ``loc``; for a missing key, the line of its parent."""
        node, _found = self.node_at(loc)
        return node.start_mark.line + 1 if node is not None else 1

    def problem(self, loc: Loc, message: str) -> Problem:
        """A problem about the field at ``loc``, printed as ``file:line: field.path: message``."""
        text = f"{format_loc(loc)}: {message}" if loc else message
        return Problem(self.shown, str(self.line(loc)), text)


def _child(node: Node | None, part: str | int) -> Node | None:
    if isinstance(node, MappingNode):
        found = None
        for key, value in node.value:
            # later keys win, as in the constructed dict (merged keys come first)
            if isinstance(key, ScalarNode) and key.tag != _MERGE_TAG and key.value == str(part):
                found = value
        return found
    if isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        item: Node = node.value[part]
        return item
    return None


def _mark_place(mark: Any) -> str:
    return f"{mark.line + 1}:{mark.column + 1}" if mark is not None else ""


def _scan(node: Node, shown: str) -> tuple[list[Problem], bool]:
    """One walk over the node tree: every mapping key that appears twice in the same mapping
    (checked before merging), and whether aliases expand into more than MAX_EXPANDED_NODES
    nodes beyond those written in the file (an alias bomb)."""
    problems: list[Problem] = []
    seen_nodes: set[int] = set()
    visits = 0
    stack = [node]
    while stack:
        current = stack.pop()
        visits += 1
        if visits - len(seen_nodes) > MAX_EXPANDED_NODES:
            problems.sort(key=lambda p: int(p.place))
            return problems, True
        is_new = id(current) not in seen_nodes
        if is_new:
            seen_nodes.add(id(current))
        if isinstance(current, MappingNode):
            first: dict[tuple[str, str], int] = {}
            for key, value in current.value:
                stack.append(value)
                if not isinstance(key, ScalarNode) or key.tag == _MERGE_TAG:
                    stack.append(key)
                    continue
                if not is_new:
                    continue
                ident = (key.tag, key.value)
                line = key.start_mark.line + 1
                if ident in first:
                    problems.append(
                        Problem(
                            shown,
                            str(line),
                            _("duplicate key {key!r} (first defined on line {line})").format(
                                key=key.value, line=first[ident]
                            ),
                        )
                    )
                else:
                    first[ident] = line
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
    problems.sort(key=lambda p: int(p.place))
    return problems, False


def _duplicate_keys(node: Node, shown: str) -> list[Problem]:
    return _scan(node, shown)[0]


def _too_big(node: Node) -> bool:
    return _scan(node, "")[1]


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"
_BOOL = "tag:yaml.org,2002:bool"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_FLOAT = "tag:yaml.org,2002:float"
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)\Z")
_PLAIN_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z")


def _plain_mapping(node: MappingNode) -> bool:
    """Scalar keys only, and merge keys (``<<``) that name mappings or lists of mappings."""
    for key, value in node.value:
        if not isinstance(key, ScalarNode) or key.tag == "tag:yaml.org,2002:value":
            return False
        if key.tag == _MERGE_TAG:
            sources = value.value if isinstance(value, SequenceNode) else [value]
            if not all(isinstance(s, MappingNode) and s.tag == _MAP for s in sources):
                return False
    return True


def _construct(loader: Any, root: Node) -> Any:
    """The document's data, as ``loader.construct_document`` builds it but faster: plain
    strings, decimal ints, booleans, nulls, lists and mappings without merge keys are built
    here; everything else (floats, dates, merges, other tags) by PyYAML's safe constructor."""
    memo: dict[int, Any] = {}
    bools = loader.bool_values

    def build(node: Node) -> Any:
        found = memo.get(id(node), memo)
        if found is not memo:
            return found
        tag = node.tag
        if isinstance(node, ScalarNode):
            text = node.value
            if tag == _STR:
                value: Any = text
            elif tag == _INT and _PLAIN_INT.match(text):
                value = int(text)
            elif tag == _FLOAT and _PLAIN_FLOAT.match(text):
                value = float(text)
            elif tag == _NULL:
                value = None
            elif tag == _BOOL and text.lower() in bools:
                value = bools[text.lower()]
            else:
                value = loader.construct_object(node, deep=True)
        elif isinstance(node, SequenceNode) and tag == _SEQ:
            value = memo[id(node)] = []
            value.extend(build(item) for item in node.value)
        elif isinstance(node, MappingNode) and tag == _MAP and _plain_mapping(node):
            value = memo[id(node)] = {}
            own = []
            for key, item in node.value:
                if key.tag != _MERGE_TAG:
                    own.append((key, item))
                    continue
                # merged mappings come first, the first of a list winning; own keys win
                sources = item.value if isinstance(item, SequenceNode) else [item]
                for source in reversed(sources):
                    value.update(build(source))
            for key, item in own:
                value[build(key)] = build(item)
        else:
            value = loader.construct_object(node, deep=True)
        memo[id(node)] = value
        return value

    return build(root)


def _raise_reader_error(shown: str, text: str, exc: yaml.reader.ReaderError) -> NoReturn:
    """A character YAML does not accept (control characters...), with its line and column."""
    position = exc.position
    if _LOADER is not yaml.SafeLoader:  # libyaml counts the UTF-8 bytes it read
        position = len(text.encode("utf-8")[:position].decode("utf-8", "ignore"))
    before = text[:position]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    char = exc.character
    name = f"U+{char:04X}" if isinstance(char, int) else repr(char)
    raise ContentError(
        [
            Problem(
                shown,
                f"{line}:{column}",
                _("character {name} is not allowed in YAML").format(name=name),
            )
        ]
    ) from None


def _bad_scalar(shown: str, root: Node, exc: Exception) -> Problem:
    probe = yaml.SafeLoader("")
    stack = [root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ScalarNode):
            try:
                probe.construct_object(node, deep=True)
            except (ValueError, TypeError, OverflowError, yaml.YAMLError) as err:
                line = node.start_mark.line + 1
                return Problem(
                    shown,
                    str(line),
                    _("cannot read {value!r}: {problem}").format(value=node.value, problem=err),
                )
        elif isinstance(node, MappingNode):
            for key, value in reversed(node.value):
                stack.extend((value, key))
        elif isinstance(node, SequenceNode):
            stack.extend(reversed(node.value))
    return Problem(shown, "", _("cannot read a value: {problem}").format(problem=exc))


def read_yaml(path: str | Path) -> YamlDocument:
    """Parse one YAML file (safe_load semantics). Raises ContentError with every problem found.

    An empty file gives ``data=None``; callers that need a mapping say so themselves. Inside
    :func:`parse_once` a file that has not changed is parsed only the first time.
    """
    path = Path(path)
    key = None
    if _CACHE is not None:
        try:
            stat = path.stat()
            key = (str(real_path(path)), stat.st_mtime_ns, stat.st_size)
        except OSError:
            key = None
        if key is not None and key in _CACHE:
            found = _CACHE[key]
            if isinstance(found, ContentError):
                raise ContentError(found.problems)
            return found
    try:
        doc = _read_yaml(path)
    except ContentError as exc:
        if key is not None and _CACHE is not None:
            _CACHE[key] = exc
        raise
    if key is not None and _CACHE is not None:
        _CACHE[key] = doc
    return doc


_CACHE: dict[tuple[str, int, int], YamlDocument | ContentError] | None = None


@contextmanager
def parse_once() -> Iterator[None]:
    """Within this block :func:`read_yaml` parses each unchanged file once (check-data reads
    every file for its syntax, then the games read them again for their schemas)."""
    global _CACHE
    outer = _CACHE
    if outer is None:
        _CACHE = {}
    try:
        yield
    finally:
        _CACHE = outer


def _loader(text: str) -> Any:
    """libyaml's parser when PyYAML has it (fast on large files), else the Python one."""
    return _LOADER(text)


_LOADER: Any = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


def _read_yaml(path: Path) -> YamlDocument:
    shown = display_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError([Problem(shown, "", too_large(size, MAX_FILE_BYTES))])
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError([Problem(shown, "", _("file not found"))]) from None
    except IsADirectoryError:
        raise ContentError([Problem(shown, "", _("is a folder, not a YAML file"))]) from None
    except UnicodeDecodeError as exc:
        raise ContentError(
            [Problem(shown, "", _("not UTF-8 text (bad byte at offset {at})").format(at=exc.start))]
        ) from None
    except OSError as exc:
        raise ContentError([Problem(shown, "", os_problem(exc))]) from None

    try:
        loader = _loader(text)
    except yaml.reader.ReaderError as exc:
        return _raise_reader_error(shown, text, exc)
    try:
        root = loader.get_single_node()
        if root is None:
            return YamlDocument(path, shown, None, None)
        problems, too_big = _scan(root, shown)
        if too_big:
            problems.append(
                Problem(shown, "", _("too many nodes once aliases are expanded (alias bomb?)"))
            )
        if problems:
            raise ContentError(problems)
        try:
            data = _construct(loader, root)
        except (ValueError, TypeError, OverflowError) as exc:
            # e.g. a date such as 2023-13-45: find the scalar that cannot be built
            raise ContentError([_bad_scalar(shown, root, exc)]) from None
    except yaml.reader.ReaderError as exc:
        return _raise_reader_error(shown, text, exc)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(part for part in (exc.context, exc.problem) if part) or _(
            "YAML syntax error"
        )
        raise ContentError([Problem(shown, _mark_place(mark), message)]) from None
    except yaml.YAMLError as exc:
        raise ContentError(
            [Problem(shown, "", _("YAML error: {problem}").format(problem=exc))]
        ) from None
    except RecursionError:
        raise ContentError([Problem(shown, "", _("the YAML is nested too deeply"))]) from None
    finally:
        if "loader" in locals():
            loader.dispose()
    return YamlDocument(path, shown, data, root)


# -- pydantic errors as problems -------------------------------------------------------------


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        return _("a mapping") if isinstance(value, dict) else _("a list")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_PREFIXES = ("Value error, ", "Assertion failed, ")
# pydantic's error kinds with a bound: (its context key, our message)
_BOUNDS = {
    "greater_than_equal": ("ge", N_("must be at least {bound} (got {got})")),
    "less_than_equal": ("le", N_("must be at most {bound} (got {got})")),
    "greater_than": ("gt", N_("must be more than {bound} (got {got})")),
    "less_than": ("lt", N_("must be less than {bound} (got {got})")),
}


def _message(error: dict[str, Any], value: Any, found: bool) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return _("required field is missing")
    if kind == "extra_forbidden":
        return _("unknown field")
    bound = _BOUNDS.get(kind)
    if bound is not None:
        key, message = bound
        return _(message).format(bound=ctx.get(key), got=_describe(value))
    msg = str(error.get("msg", "invalid"))
    for prefix in _PREFIXES:
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    if msg.startswith("Input should be "):
        msg = "must be " + msg[len("Input should be ") :]
    elif msg.startswith("Input "):
        msg = msg[len("Input ") :]
    scalar = not isinstance(value, (dict, list))
    if found and (scalar or kind.endswith("_type")):
        return _("{problem} (got {got})").format(problem=msg, got=_describe(value))
    return msg


def _walk_loc(data: Any, loc: Sequence[Any]) -> tuple[list[str | int], Any, bool]:
    """Follow a pydantic error location through the data.

    Returns the location as it exists in the file (union tags and ``[key]`` markers dropped),
    the value found there and whether the full location exists (False for a missing field).
    """
    path: list[str | int] = []
    value = data
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(value, dict):
            key = part if part in value else _str_key(value, part)
            if key is not None or part in value:
                value = value[key if key is not None else part]
                path.append(str(part))  # a mapping key, even a number, prints as a field
                continue
            if last and isinstance(part, str) and part != "[key]":
                path.append(part)  # a missing field: report it at its parent mapping's line
                return path, None, False
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
            path.append(part)
        # anything else is a union member tag or a "[key]" marker: not a place in the file
    return path, value, True


def _str_key(mapping: dict[Any, Any], part: Any) -> Any:
    for key in mapping:
        if str(key) == str(part):
            return key
    return None


def validation_problems(doc: YamlDocument, error: pydantic.ValidationError) -> list[Problem]:
    """One problem per pydantic error, each with the line of the node it is about."""
    problems: list[Problem] = []
    for item in error.errors(include_url=False):
        loc = item.get("loc", ())
        path, value, found = _walk_loc(doc.data, loc)
        if found and "input" in item:
            value = item["input"]  # what pydantic judged (a dict key, for "[key]" errors)
        message = _message(dict(item), value, found)
        if "[key]" in loc:
            message = _("key {problem}").format(problem=message)
        line = doc.line(path if found else path[:-1])
        text = f"{format_loc(path)}: {message}" if path else message
        problems.append(Problem(doc.shown, str(line), text))
    problems.sort(key=lambda p: int(p.place) if p.place.isdigit() else 0)
    return problems


def _root_model(model: type[pydantic.BaseModel]) -> bool:
    import pydantic

    return issubclass(model, pydantic.RootModel)


def validate(doc: YamlDocument, model: type[M]) -> M:
    """Validate a parsed document against ``model``; raises ContentError with every problem."""
    if not _root_model(model):
        if doc.data is None:
            raise ContentError([Problem(doc.shown, "", _("the file is empty; expected a mapping"))])
        if not isinstance(doc.data, dict):
            raise ContentError(
                [
                    Problem(
                        doc.shown,
                        str(doc.line()),
                        _(
                            "expected a mapping of key: value pairs at the top, found {found}"
                        ).format(found=_describe(doc.data)),
                    )
                ]
            )
        if any(not isinstance(key, str) for key in doc.data):
            bad = [key for key in doc.data if not isinstance(key, str)]
            raise ContentError(
                [
                    Problem(
                        doc.shown,
                        str(doc.line()),
                        _("top-level key {key!r} is not a name").format(key=key),
                    )
                    for key in bad
                ]
            )
    import pydantic

    try:
        text = json.dumps(doc.data)
    except (TypeError, ValueError, RecursionError):
        text = None  # dates, sets or a recursive alias: plain Python validation then
    try:
        if text is None:
            return model.model_validate(doc.data)
        # strict JSON validation: a bool, a quoted number or 2.0 is not an int, a number is not
        # a string, while lists still fill tuples and enum values still name their members
        return model.model_validate_json(text, strict=True)
    except pydantic.ValidationError as exc:
        raise ContentError(validation_problems(doc, exc)) from None


def load_yaml(path: str | Path, model: type[M]) -> M:
    """Read ``path`` and validate it against ``model``.

    Raises :class:`ContentError` listing every problem of the file as
    ``file:line: field.path: message``.
    """
    return validate(read_yaml(path), model)


def try_load(path: str | Path, model: type[M], problems: list[Problem]) -> M | None:
    """Like :func:`load_yaml` but appends the problems to ``problems`` and returns None."""
    try:
        return load_yaml(path, model)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None


def load_many(
    files: Iterable[tuple[str | Path, type[pydantic.BaseModel]]],
) -> tuple[dict[Path, pydantic.BaseModel], list[Problem]]:
    """Load several files, collecting the problems of all of them.

    Returns the models that loaded (by path) and every problem found across the files.
    """
    loaded: dict[Path, pydantic.BaseModel] = {}
    problems: list[Problem] = []
    for path, model in files:
        result = try_load(path, model, problems)
        if result is not None:
            loaded[Path(path)] = result
    return loaded, problems
