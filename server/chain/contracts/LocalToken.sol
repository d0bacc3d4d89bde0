// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A plain OpenZeppelin ERC-20 for the local chains: its decimals are set at deploy, and the whole supply
/// is minted in the constructor to the given holders. No owner, no later minting.
contract LocalToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256[] memory amounts
    ) ERC20(name_, symbol_) {
        require(holders.length == amounts.length, "LocalToken: holders/amounts length");
        _decimals = decimals_;
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amounts[i]);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
