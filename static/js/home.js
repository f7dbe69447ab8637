// Proves the live path end to end: open the websocket, ask for an echo, show the answer.
(function () {
  "use strict";
  const status = document.getElementById("ws-status");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(scheme + "://" + location.host + "/ws/echo/");
  const token = "ping-" + Math.random().toString(36).slice(2);

  // The words come translated from the page, so the script stays language-free.
  function show(state) {
    status.dataset.state = state;
    status.textContent = status.dataset[state];
  }

  socket.addEventListener("open", function () {
    socket.send(JSON.stringify({ type: "echo", text: token }));
  });
  socket.addEventListener("message", function (event) {
    const message = JSON.parse(event.data);
    if (message.type === "echo" && message.text === token) {
      show("live");
    }
  });
  socket.addEventListener("close", function () {
    if (status.dataset.state !== "live") show("closed");
  });
})();
