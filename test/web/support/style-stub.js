/** CSS imports resolve to nothing in unit tests. */
module.exports = {};
