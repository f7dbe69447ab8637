// The home page's picture of the game: a position of a real game, drawn on our map by the match
// page's own drawing code.
import {drawBoard, fitMarketTexts} from "./match/map.js";

const picture = JSON.parse(document.getElementById("picture").textContent);
drawBoard(picture.view, picture.reserves, picture.catalogue);
requestAnimationFrame(fitMarketTexts);
