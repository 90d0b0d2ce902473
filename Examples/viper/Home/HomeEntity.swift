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
  /// The load failed and there is nothing to show; the message is for the user.
  case failed(String)
  /// A refresh failed: the items loaded before are still shown, with the message for the user.
  case refreshFailed([HomeItemViewModel], String)
}

extension HomeLoadState {
  /// The state after a failed load, with a message for the user.
  static func failed(because error: any Error) -> HomeLoadState {
    .failed(message(for: error))
  }

  /// The state after a failed refresh of `items`, with a message for the user.
  static func refreshFailed(
    _ items: [HomeItemViewModel], because error: any Error
  ) -> HomeLoadState {
    .refreshFailed(items, message(for: error))
  }

  /// What the user reads about `error`: its own description when it is a `LocalizedError` that
  /// has one, else a general message, never a debug description. Make your errors
  /// `LocalizedError`s to say more.
  private static func message(for error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription
      ?? String(
        localized: "Something went wrong. Please try again.",
        comment: "Shown when the items could not be loaded, for an error that says nothing")
  }
}
