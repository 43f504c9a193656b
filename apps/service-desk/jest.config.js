module.exports = { ...require('@portal/jest-config') };
