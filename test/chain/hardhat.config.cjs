/* global module */
// Hardhat 2's node for the local EVM chain of the tests (test/chain/local-chain.ts starts it).
// Hardhat's default accounts (the public "test test ... junk" mnemonic, 10,000 ETH each) and
// chain id 31337; every transaction is mined at once (automine), as a test expects.
module.exports = {
  networks: {
    hardhat: { chainId: 31337, hardfork: 'cancun', loggingEnabled: false },
  },
};
