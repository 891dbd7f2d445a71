// Every game's table module by its file name, for widgets/replay.js. Written from the game records
// (GameEntry.widget) by `python -m egonb.app.tables`: do not edit.
import tableTable from "./table.js";
import diverseTable from "./diverse.js";

export default {
  "table.js": tableTable,
  "diverse.js": diverseTable,
};
