// The page's words in English, as Python sends them (widgets/tests/words.json, written by
// `python -m egonb.messages.extract`): imported first by every test that reads a widget's words.
import { readFileSync } from "node:fs";
import { setWords } from "../words.js";

setWords(JSON.parse(readFileSync(new URL("./words.json", import.meta.url), "utf8")));
