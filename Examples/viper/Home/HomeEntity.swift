//
//  HomeEntity.swift
//  App
//
//  Created by modulegen on 2026-01-01.
//  Copyright © 2026 Example. All rights reserved.
//

import Foundation

/// One item the screen lists, as the service delivers it.
struct HomeItem: Identifiable, Hashable, Sendable {
  let id: UUID
  var title: String
}

/// One item as the screen shows it; the presenter makes it from a `HomeItem`.
struct HomeItemViewModel: Identifiable, Hashable, Sendable {
  let id: UUID
  var title: String
}

/// What the screen shows.
enum HomeLoadState: Equatable, Sendable {
  /// Nothing was asked for yet.
  case idle
  /// A load is in progress and there is nothing to show yet.
  case loading
  /// The items to show.
  case loaded([HomeItemViewModel])
  /// The load succeeded and there is nothing to show.
  case empty
  /// The load failed; the message is for the user.
  case failed(String)
}

extension HomeLoadState {
  /// The state after a failed load, with a message for the user: the error's own description
  /// when it is a `LocalizedError` that has one, else a general message, never a debug
  /// description. Make your errors `LocalizedError`s to say more.
  static func failed(because error: any Error) -> HomeLoadState {
    .failed(
      (error as? any LocalizedError)?.errorDescription
        ?? String(
          localized: "Something went wrong. Please try again.",
          comment: "Shown when the items could not be loaded, for an error that says nothing"))
  }
}
