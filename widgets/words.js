// Small helpers for sentences in plain words (no rule is decided here).

// "1 point", "0 points", "2 cards".
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// "a", "a and b", "a, b or c".
export function list(items, word = "or") {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

export const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);
