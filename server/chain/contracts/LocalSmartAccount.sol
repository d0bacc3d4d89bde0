// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/src/accounts/ERC4337Factory.sol";

/// @notice Solady's ERC-4337 account (EntryPoint v0.7; owner-signed user operations; ERC-1271 signatures with
/// ERC-7739 nested typed data; UUPS-upgradeable), only named for its EIP-712 domain. The audited code is Solady's.
contract LocalSmartAccount is ERC4337 {
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("LocalSmartAccount", "1");
    }
}

/// @notice Solady's factory (ERC-1967 proxies of one implementation at CREATE2 addresses) with the
/// `createAccount(owner, salt)` entry viem's toSoladySmartAccount calls. The salt's upper 160 bits must be the
/// owner, so an address can only ever belong to that owner.
contract LocalSmartAccountFactory is ERC4337Factory {
    error SaltNotOwner();

    constructor(address erc4337) ERC4337Factory(erc4337) {}

    function createAccount(address owner, bytes32 salt) external payable returns (address) {
        if (address(uint160(uint256(salt) >> 96)) != owner) revert SaltNotOwner();
        return createAccount(salt);
    }
}
