// An entrant's sandbox in the browser: a Web Worker with a Pyodide of its own (games/sandbox/browser.py
// starts it from this text). It is given data only: first the entrant's file, then per move the player's
// view (pickled by the referee) and the seed of its draws; it answers each with JSON text.
let inWorker = null;

// What an entrant's code has no business with: the site's storage in this browser (students' saved work),
// the network, and more workers. Taken away (from the global object and its prototypes, so that no copy is
// left to find) once Pyodide, numpy and games are loaded, before the entrant's file is read.
const TAKEN_AWAY = ["indexedDB", "caches", "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "importScripts",
  "Worker", "SharedWorker", "BroadcastChannel", "WebTransport", "storage"];

function takeAway() {
  for (let scope = self; scope; scope = Object.getPrototypeOf(scope)) {
    for (const name of TAKEN_AWAY) {
      try { delete scope[name]; } catch (error) { /* not configurable: shadowed below */ }
    }
  }
  for (let scope = self.navigator; scope; scope = Object.getPrototypeOf(scope)) {
    try { delete scope.storage; } catch (error) { /* as above */ }
  }
  for (const name of TAKEN_AWAY) {
    try { Object.defineProperty(self, name, { value: undefined, configurable: false, writable: false }); }
    catch (error) { /* already gone */ }
  }
}

// Pyodide's own WebAssembly, compiled by the kernel and sent with "start": Pyodide's instantiation of its main
// module (the one whose imports carry Jsv_GetError_import) uses that module instead of compiling the file again;
// every other (numpy's libraries) goes on as usual.
function useCompiled(module) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const instead = (original) => (source, imports) => {
    if (!(imports && imports.env && "Jsv_GetError_import" in imports.env)) return original.call(WebAssembly, source, imports);
    return instantiate.call(WebAssembly, module, imports).then((instance) => ({ instance, module }));
  };
  WebAssembly.instantiate = instead(instantiate);
  WebAssembly.instantiateStreaming = instead(instantiateStreaming);
}

function failure(error) {
  return JSON.stringify({ raised: String((error && error.message) || error).slice(0, 300) });
}

// Every answer carries the number of the message it answers: the referee takes no other.
const answer = (number, text) => self.postMessage({ number, text });

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.kind === "start") {
      if (message.module) useCompiled(message.module);
      const { loadPyodide } = await import(message.indexURL + "pyodide.mjs");
      const pyodide = await loadPyodide({ indexURL: message.indexURL, stdout: () => {}, stderr: () => {} });
      await pyodide.loadPackage(["numpy", "games"], { messageCallback: () => {}, errorCallback: () => {} });
      inWorker = pyodide.pyimport("games.sandbox.in_worker");
      takeAway();
      answer(message.number, inWorker.start(message.entry, message.payload, message.name));
    } else {
      answer(message.number, inWorker.move(message.view, message.words));
    }
  } catch (error) {
    answer(message.number, failure(error));
  }
};
