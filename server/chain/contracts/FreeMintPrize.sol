// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// The spam collection of the local chains: its deployer airdrops tokens nobody asked for. Every token
/// shares one metadata URI (a data: URI set at deploy, so nothing needs the network).
contract FreeMintPrize is ERC721 {
    address private immutable _airdropper;
    string private _metadataUri;
    uint256 public totalSupply;

    constructor(string memory name_, string memory symbol_, string memory metadataUri) ERC721(name_, symbol_) {
        _airdropper = msg.sender;
        _metadataUri = metadataUri;
    }

    /// Mints the next token id (1, 2, ...) to each recipient.
    function airdrop(address[] calldata recipients) external {
        require(msg.sender == _airdropper, "FreeMintPrize: not the airdropper");
        for (uint256 i = 0; i < recipients.length; i++) _mint(recipients[i], ++totalSupply);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return _metadataUri;
    }
}
