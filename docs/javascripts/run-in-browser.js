/* Run buttons for the docs' Python examples, run in the reader's browser by Pyodide.
 *
 * Loaded (by docs/scripts/run_in_browser.py) only on pages that have doctest
 * examples.  When the page has loaded, each example (a Python code block that
 * starts with ">>>") gets a bar under it: Run, and Edit.  Edit swaps the example for a text
 * area holding its code (the ">>> " and "... " prompts taken off, the printed
 * output left out); Run runs that code and shows, under it, what it prints and
 * the value of each expression, as the doctest would; a value that is one of the
 * library's pictures (it has _repr_svg_), or an SVG string, is drawn as well.
 *
 * The first Run starts Python (Pyodide, shipped with the site: nothing comes
 * from the network) and unpacks the library's wheel; later runs on the page
 * share that Python and its variables, as the cells of one notebook do.  An
 * example that uses names defined by the examples above it runs those first,
 * once, as the doctests do when they run the whole page.
 *
 * The Exercises page (docs/exercises.md, written by docs/scripts/exercises_page.py)
 * marks each exercise's stub with an empty <div class="nb-exercise">: the stub
 * becomes an editable box there, with a Check button that runs the box's code
 * in a namespace of its own and then exercise(name).check(the function named
 * on the stub's first line), in the same Python as Run, and shows the report's
 * HTML table under the box.
 *
 * Nothing here changes the page until it has loaded, and the static example
 * stays on the page: with scripts off the page reads as before.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !window.fetch || !window.Promise) return;
  var here = document.baseURI;
  var config = {
    runtime: new URL(script.getAttribute("data-pyodide"), here).href,
    wheel: new URL(script.getAttribute("data-wheel"), here).href,
    about: script.getAttribute("data-about"),
    pyodideVersion: script.getAttribute("data-pyodide-version"),
    pythonVersion: script.getAttribute("data-python-version"),
  };
  var what = "Python " + config.pythonVersion + " (Pyodide " + config.pyodideVersion + ")";

  // Read by tests/test_run_in_browser.py: the boot time and each run's time, in milliseconds.
  var record = (window.__runInBrowser = { bootMs: null, bootSteps: {}, runs: [], examples: 0, error: null,
                                          exercises: 0, checks: [] });

  // The Python side: runs one example's code in the page's shared namespace.
  var RUNNER = [
    "import ast, builtins, io, json, traceback",
    "from contextlib import redirect_stderr, redirect_stdout",
    "namespace = {'__name__': '__main__', '__builtins__': builtins}",
    "def picture(value):",
    "    method = getattr(type(value), '_repr_svg_', None)",
    "    if method is not None:",
    "        try:",
    "            svg = method(value)",
    "        except Exception:",
    "            return None",
    "        return svg if isinstance(svg, str) else None",
    "    if isinstance(value, str) and value.lstrip().startswith('<svg') and value.rstrip().endswith('</svg>'):",
    "        return value",
    "    return None",
    "def show_error(error):",
    "    tb = error.__traceback__",
    "    while tb is not None and tb.tb_frame.f_code.co_filename != '<example>':",
    "        tb = tb.tb_next",
    "    traceback.print_exception(type(error), error, tb)",
    "def run_statement(node, flush, parts):",
    "    if isinstance(node, ast.Expr):",
    "        value = eval(compile(ast.Expression(node.value), '<example>', 'eval'), namespace)",
    "        if value is None:",
    "            return",
    "        builtins._ = value",
    "        svg = picture(value)",
    "        if svg is None or not isinstance(value, str):",
    "            print(repr(value))",
    "        if svg is not None:",
    "            flush()",
    "            parts.append(['svg', svg])",
    "    else:",
    "        exec(compile(ast.Module(body=[node], type_ignores=[]), '<example>', 'exec'), namespace)",
    "# Statement by statement, as the doctests run the examples: an error is shown, and the next statement runs.",
    "def run(source):",
    "    parts, buffer, errors = [], io.StringIO(), 0",
    "    def flush(kind='text'):",
    "        if buffer.getvalue():",
    "            parts.append([kind, buffer.getvalue()])",
    "            buffer.seek(0)",
    "            buffer.truncate()",
    "    with redirect_stdout(buffer), redirect_stderr(buffer):",
    "        try:",
    "            statements = ast.parse(source, '<example>', 'exec').body",
    "        except SyntaxError as error:",
    "            statements, errors = [], 1",
    "            show_error(error)",
    "            flush('error')",
    "        for node in statements:",
    "            try:",
    "                run_statement(node, flush, parts)",
    "            except BaseException as error:",
    "                errors += 1",
    "                flush()",
    "                show_error(error)",
    "                flush('error')",
    "    flush()",
    "    return json.dumps({'ok': errors == 0, 'errors': errors, 'parts': parts})",
  ].join("\n");

  // The Python side of an exercise's Check (docs/exercises.md): run the box's code in a namespace of its own,
  // find the function named on the stub's first line, and grade it with exercise(name).check.
  var CHECKER = [
    "PRINTED_LIMIT = 4000",
    "def check(name, function_name, source):",
    "    from naivebayes.exercises import exercise",
    "    parts, buffer = [], io.StringIO()",
    "    def answer(verdict):",
    "        printed = buffer.getvalue()",
    "        if printed:",
    "            if len(printed) > PRINTED_LIMIT:",
    "                printed = printed[:PRINTED_LIMIT] + '... (%d characters more)' % (len(printed) - PRINTED_LIMIT)",
    "            parts.append(['text', 'What your code printed:\\n' + printed])",
    "        return json.dumps({'verdict': verdict, 'parts': parts})",
    "    scope = {'__name__': '__main__', '__builtins__': builtins}",
    "    with redirect_stdout(buffer), redirect_stderr(buffer):",
    "        try:",
    "            exec(compile(source, '<example>', 'exec'), scope)",
    "        except BaseException as error:",
    "            errors = io.StringIO()",
    "            with redirect_stdout(errors), redirect_stderr(errors):",
    "                show_error(error)",
    "            parts.append(['error', errors.getvalue()])",
    "            return answer('error')",
    "        function = scope.get(function_name)",
    "        if not callable(function):",
    "            parts.append(['error', 'Your code defines no function called ' + function_name + ': keep the '",
    "                          'name of the first line, def ' + function_name + '(...), so that Check can find it.'])",
    "            return answer('error')",
    "        report = exercise(name).check(function)",
    "    parts.insert(0, ['html', report.to_html()])",
    "    return answer('passed' if report.passed else 'failed')",
  ].join("\n");

  var examples = [];
  var exerciseBoxes = [];
  var booting = null;

  // While one example or check runs, every Run and Check button of the page waits.
  function allButtons(disabled) {
    examples.forEach(function (other) { other.runButton.disabled = disabled; });
    exerciseBoxes.forEach(function (other) { other.checkButton.disabled = disabled; });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The code of a doctest block: the lines after ">>> " and "... ", without the expected output.
  function sourceOf(text) {
    var code = [], inSource = false;
    text.replace(/\n$/, "").split("\n").forEach(function (line) {
      var prompt = /^>>>( |$)/.exec(line), more = /^\.\.\.( |$)/.exec(line);
      if (prompt) {
        code.push(line.slice(4));
        inSource = true;
      } else if (more && inSource) {
        code.push(line.slice(4));
      } else {
        inSource = false;
      }
    });
    return code.join("\n");
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.appendChild(tag);
    });
  }

  function boot(say) {
    if (booting) return booting;
    var started = performance.now();
    say("Starting " + what + " in your browser, once for this page (about 12 MB, from this site)…");
    var step = function (name) { record.bootSteps[name] = performance.now() - started; };
    booting = loadScript(config.runtime + "pyodide.js")
      .then(function () {
        step("loader");
        return window.loadPyodide({ indexURL: config.runtime, lockFileURL: config.runtime + "pyodide-lock.json",
                                    stdout: function () {}, stderr: function () {} });
      })
      .then(function (pyodide) {
        step("python");
        return fetch(config.wheel).then(function (answer) {
          if (!answer.ok) throw new Error("could not load the library's wheel: " + answer.status + " " + config.wheel);
          return answer.arrayBuffer();
        }).then(function (wheel) {
          var site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
          pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
          pyodide.FS.writeFile(site + "/_run_in_browser.py", RUNNER + "\n" + CHECKER + "\n");
          pyodide.runPython("import importlib; importlib.invalidate_caches()");
          var runner = pyodide.pyimport("_run_in_browser");
          record.bootMs = performance.now() - started;
          return runner;
        });
      });
    booting.catch(function (error) {
      record.error = String(error);
      booting = null; // a later click tries again
    });
    return booting;
  }

  function seconds(ms) {
    return (ms / 1000).toFixed(ms < 1000 ? 2 : 1) + " s";
  }

  function Example(code, index) {
    this.index = index;
    this.code = code;
    this.block = code.closest(".highlight") || code.parentElement;
    this.source = sourceOf(code.textContent);
    this.editor = null;
    this.output = null;
    this.ran = false;

    var bar = (this.bar = element("div", "nb-run-bar"));
    this.runButton = element("button", "md-button md-button--primary nb-run-button", "Run");
    this.runButton.type = "button";
    this.runButton.title = "Run this example in your browser: " + what;
    this.editButton = element("button", "md-button nb-edit-button", "Edit");
    this.editButton.type = "button";
    this.status = element("span", "nb-run-status");
    this.status.setAttribute("role", "status");
    bar.appendChild(this.runButton);
    bar.appendChild(this.editButton);
    bar.appendChild(this.status);
    this.block.parentNode.insertBefore(bar, this.block.nextSibling);

    var self = this;
    this.runButton.addEventListener("click", function () { self.run(); });
    this.editButton.addEventListener("click", function () { self.toggleEditor(); });
  }

  Example.prototype.say = function (text, kind, link) {
    this.status.textContent = text;
    this.status.className = "nb-run-status" + (kind ? " nb-run-status--" + kind : "");
    if (link) {
      var more = element("a", "", link[0]);
      more.href = link[1];
      this.status.appendChild(document.createTextNode(" "));
      this.status.appendChild(more);
    }
  };

  Example.prototype.makeEditor = function () {
    if (this.editor) return;
    var editor = (this.editor = element("textarea", "nb-run-editor"));
    editor.value = this.source;
    editor.spellcheck = false;
    editor.setAttribute("autocapitalize", "off");
    editor.setAttribute("aria-label", "The example's Python code: edit it, then Run (Ctrl+Enter)");
    editor.rows = Math.min(Math.max(this.source.split("\n").length, 2), 30);
    var self = this;
    editor.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey || event.shiftKey)) {
        event.preventDefault();
        self.run();
      }
    });
    this.block.parentNode.insertBefore(editor, this.bar);
  };

  Example.prototype.showEditor = function (shown) {
    this.makeEditor();
    this.editor.style.display = shown ? "" : "none";
    this.block.style.display = shown ? "none" : "";
    this.editButton.textContent = shown ? "Show the original" : "Edit";
  };

  Example.prototype.toggleEditor = function () {
    var shown = this.editor && this.editor.style.display !== "none";
    this.showEditor(!shown);
    if (!shown) this.editor.focus();
  };

  Example.prototype.code_ = function () {
    return this.editor ? this.editor.value : this.source;
  };

  Example.prototype.show = function (result) {
    if (!this.output) {
      this.output = element("div", "nb-run-output");
      this.output.setAttribute("aria-label", "What the example printed when it ran here");
      this.bar.parentNode.insertBefore(this.output, this.bar.nextSibling);
    }
    var output = this.output;
    output.textContent = "";
    output.classList.toggle("nb-run-output--error", !result.ok);
    result.parts.forEach(function (part) {
      if (part[0] === "svg") {
        var picture = element("div", "nb-run-picture");
        picture.innerHTML = part[1];
        output.appendChild(picture);
      } else {
        output.appendChild(element("pre", "nb-run-text" + (part[0] === "error" ? " nb-run-traceback" : ""), part[1]));
      }
    });
    if (!result.parts.length) output.appendChild(element("p", "nb-run-nothing", "(nothing printed)"));
  };

  // Run this example's code; once per page first the examples above it that have not run yet.
  Example.prototype.run = function () {
    var self = this;
    if (location.protocol === "file:") {
      this.say("Running needs the site served over HTTP: opened from disk (file://), the browser will not " +
               "load Python's WebAssembly. In the site's folder run  python3 -m http.server  and open " +
               "http://127.0.0.1:8000/" + location.pathname.split("/").pop() + ".", "error",
               ["How and why", config.about]);
      return Promise.resolve();
    }
    this.showEditor(true);
    allButtons(true);
    var firstBoot = !booting;
    return boot(function (text) { self.say(text, "busy"); })
      .then(function (runner) {
        if (firstBoot) self.say(what + " started in " + seconds(record.bootMs) + "; running…", "busy");
        else self.say("Running…", "busy");
        return new Promise(function (resolve) { setTimeout(resolve, 20); }).then(function () { return runner; });
      })
      .then(function (runner) {
        var before = examples.slice(0, self.index).filter(function (other) { return !other.ran; });
        before.forEach(function (other) {
          var result = JSON.parse(runner.run(other.code_()));
          other.ran = true;
          other.say(result.ok ? "Ran, before example " + (self.index + 1) + " below, which uses its names." :
                    "Ran before example " + (self.index + 1) + " below; what raised an error:", result.ok ? "done" : "error");
          if (!result.ok) other.show(result);
        });
        var started = performance.now();
        var result = JSON.parse(runner.run(self.code_()));
        var took = performance.now() - started;
        self.ran = true;
        record.runs.push({ example: self.index, ms: took, ok: result.ok, before: before.length });
        self.show(result);
        var note = before.length ? " (after the " + (before.length === 1 ? "example" : before.length + " examples") +
                                   " above it, whose names it uses)" : "";
        var failed = result.errors === 1 ? "; one statement raised an error" :
                     result.errors > 1 ? "; " + result.errors + " statements raised errors" : "";
        self.say("Ran in " + seconds(took) + " in your browser" + note + failed +
                 (firstBoot ? "; " + what + " started in " + seconds(record.bootMs) : "") + ".",
                 result.ok ? "done" : "error");
      })
      .catch(function (error) {
        self.say("Could not run: " + (error && error.message ? error.message : error) + ".", "error",
                 ["Running the examples", config.about]);
      })
      .then(function () {
        allButtons(false);
      });
  };

  // An exercise of docs/exercises.md: the stub above the marker <div class="nb-exercise"> becomes an editable
  // box, with a Check button that grades the function in it and shows the report's table under it.
  function ExerciseBox(marker) {
    this.name = marker.getAttribute("data-exercise");
    this.functionName = marker.getAttribute("data-function");
    var block = marker.previousElementSibling;
    this.source = block && block.querySelector("code") ? block.querySelector("code").textContent.replace(/\n$/, "") : "";
    this.output = null;
    var editor = (this.editor = element("textarea", "nb-run-editor nb-exercise-editor"));
    editor.value = this.source;
    editor.spellcheck = false;
    editor.setAttribute("autocapitalize", "off");
    editor.setAttribute("aria-label", "Your " + this.functionName + ": write its body, then Check (Ctrl+Enter)");
    editor.rows = Math.min(Math.max(this.source.split("\n").length + 2, 4), 30);
    var bar = (this.bar = element("div", "nb-run-bar"));
    this.checkButton = element("button", "md-button md-button--primary nb-check-button", "Check");
    this.checkButton.type = "button";
    this.checkButton.title = "Check your " + this.functionName + " in your browser: " + what;
    this.resetButton = element("button", "md-button nb-reset-button", "Start again");
    this.resetButton.type = "button";
    this.resetButton.title = "Put the empty function back in the box";
    this.status = element("span", "nb-run-status");
    this.status.setAttribute("role", "status");
    bar.appendChild(this.checkButton);
    bar.appendChild(this.resetButton);
    bar.appendChild(this.status);
    marker.appendChild(editor);
    marker.appendChild(bar);
    if (block && block.classList.contains("highlight")) block.style.display = "none";
    var self = this;
    this.checkButton.addEventListener("click", function () { self.check(); });
    this.resetButton.addEventListener("click", function () {
      if (editor.value === self.source || window.confirm("Put the empty function back, and lose what you wrote?")) {
        editor.value = self.source;
        editor.focus();
      }
    });
    editor.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey || event.shiftKey)) {
        event.preventDefault();
        self.check();
      }
    });
  }

  ExerciseBox.prototype.say = Example.prototype.say;

  ExerciseBox.prototype.show = function (result) {
    if (!this.output) {
      this.output = element("div", "nb-run-output nb-exercise-report");
      this.output.setAttribute("aria-label", "The report of the check");
      this.bar.parentNode.insertBefore(this.output, this.bar.nextSibling);
    }
    var output = this.output;
    output.textContent = "";
    output.classList.toggle("nb-run-output--error", result.verdict !== "passed");
    result.parts.forEach(function (part) {
      if (part[0] === "html") {
        var report = element("div", "nb-exercise-table");
        report.innerHTML = part[1]; // the library's own table: every cell escaped by html_table
        // The first wrong answer (input, expected, got, hint) wraps, so that a phone shows the hint whole.
        report.querySelectorAll("pre").forEach(function (pre) {
          pre.className = "nb-run-text";
          pre.style.whiteSpace = "pre-wrap";
          pre.style.overflowWrap = "anywhere";
        });
        output.appendChild(report);
      } else {
        output.appendChild(element("pre", "nb-run-text" + (part[0] === "error" ? " nb-run-traceback" : ""), part[1]));
      }
    });
  };

  ExerciseBox.prototype.check = function () {
    var self = this;
    if (location.protocol === "file:") {
      this.say("Checking needs the site served over HTTP: opened from disk (file://), the browser will not " +
               "load Python's WebAssembly. In the site's folder run  python3 -m http.server  and open " +
               "http://127.0.0.1:8000/" + location.pathname.split("/").pop() + ".", "error",
               ["How and why", config.about]);
      return Promise.resolve();
    }
    allButtons(true);
    var firstBoot = !booting;
    return boot(function (text) { self.say(text, "busy"); })
      .then(function (runner) {
        self.say((firstBoot ? what + " started in " + seconds(record.bootMs) + "; checking" : "Checking") +
                 " your " + self.functionName + ", and then the model with it…", "busy");
        return new Promise(function (resolve) { setTimeout(resolve, 20); }).then(function () { return runner; });
      })
      .then(function (runner) {
        var started = performance.now();
        var result = JSON.parse(runner.check(self.name, self.functionName, self.editor.value));
        var took = performance.now() - started;
        record.checks.push({ exercise: self.name, ms: took, verdict: result.verdict });
        self.show(result);
        var verdict = result.verdict === "passed" ? "Passed every check" :
                      result.verdict === "failed" ? "Not yet right: the first wrong answer is under the table" :
                      "Your code could not be checked: see the error below";
        self.say(verdict + " (" + seconds(took) + " in your browser).", result.verdict === "passed" ? "done" : "error");
      })
      .catch(function (error) {
        self.say("Could not check: " + (error && error.message ? error.message : error) + ".", "error",
                 ["Running the examples", config.about]);
      })
      .then(function () {
        allButtons(false);
      });
  };

  function setUp() {
    document.querySelectorAll(".md-content pre > code").forEach(function (code) {
      var wrapper = code.closest(".highlight");
      var classes = code.className + " " + (wrapper ? wrapper.className : "");
      if (!/\blanguage-(pycon|python|py)\b/.test(classes)) return;
      if (!/^\s*>>>( |\n|$)/.test(code.textContent)) return; // a doctest session, not a listing with one inside
      examples.push(new Example(code, examples.length));
    });
    record.examples = examples.length;
    document.querySelectorAll(".md-content .nb-exercise[data-exercise][data-function]").forEach(function (marker) {
      exerciseBoxes.push(new ExerciseBox(marker));
    });
    record.exercises = exerciseBoxes.length;
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
